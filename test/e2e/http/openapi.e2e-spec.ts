import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { useTestApp } from '@test/support/test-app';

describe('OpenAPI document (/api/docs)', () => {
  const t = useTestApp();

  it('serves the UI and documents every route the app serves', async () => {
    expect((await t.http().get('/api/docs')).status).toBe(200);
    const document = (await t.http().get('/api/docs-json')).body as { paths: Record<string, Record<string, unknown>> };
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );

    // What Express really routes (Nest registers each handler as a route layer).
    const router = (
      t.app.getHttpAdapter().getInstance() as { router: { stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }> } }
    ).router;
    const served = router.stack
      // The catch-all is Nest's 404 handler, not a route.
      .filter((layer) => layer.route && !layer.route.path.startsWith('/api/docs') && !layer.route.path.includes('*'))
      .flatMap((layer) =>
        Object.keys(layer.route!.methods).map((method) => `${method.toUpperCase()} ${layer.route!.path.replace(/:(\w+)/g, '{$1}')}`),
      );
    expect(served.length).toBeGreaterThan(30);
    expect(served.filter((route) => !documented.has(route))).toEqual([]);
  });

  it('serves exactly the committed openapi.json (npm run api:generate), so neither can drift from the other', async () => {
    const committed: unknown = JSON.parse(readFileSync(resolve(__dirname, '../../../openapi.json'), 'utf8'));
    const served = await t.http().get('/api/docs-json');
    expect(served.status).toBe(200);
    expect(served.body).toEqual(committed);
  });
});
