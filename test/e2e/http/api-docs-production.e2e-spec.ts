import { useTestApp } from '@test/support/test-app';

/**
 * The OpenAPI document maps every route and field for whoever asks: in production it is served only
 * when `API_DOCS=true` says so (decisions §15 "Production defaults"). Outside production it stays on
 * by default (`openapi.e2e-spec.ts`).
 */
describe('API docs in production: off unless API_DOCS=true', () => {
  // The test environment sets API_DOCS_ENABLED=true, the older switch: it no longer opens them in production.
  const byDefault = useTestApp({ env: { NODE_ENV: 'production' } });
  const enabled = useTestApp({ env: { NODE_ENV: 'production', API_DOCS: 'true' } });

  it('serves neither /api/docs nor /api/docs-json by default', async () => {
    expect((await byDefault.http().get('/api/docs')).status).toBe(404);
    expect((await byDefault.http().get('/api/docs-json')).status).toBe(404);
    expect((await byDefault.http().get('/health/live')).status).toBe(200);
  });

  it('serves both with API_DOCS=true', async () => {
    expect((await enabled.http().get('/api/docs')).status).toBe(200);
    const document = await enabled.http().get('/api/docs-json');
    expect(document.status).toBe(200);
    expect(document.body.paths).toHaveProperty(['/api/v1/otp/generate']);
  });
});
