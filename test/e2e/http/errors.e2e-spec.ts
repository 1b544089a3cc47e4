import { ProbeModule } from '@test/support/probe.module';
import { useTestApp, withTestApp } from '@test/support/test-app';

describe('Error contract (decisions §1)', () => {
  const t = useTestApp({ imports: [ProbeModule] });

  it('answers unknown routes with 404 JSON', async () => {
    const res = await t.http().get('/api/v1/does-not-exist').set('Accept', 'application/json');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toEqual({ message: expect.any(String) });
  });

  it('answers malformed JSON with 400 { message }', async () => {
    const res = await t.http().post('/test-probe/validate').set('Content-Type', 'application/json').send('{"name": "a",');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Malformed JSON in request body.' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers a body over 1 MiB with 413', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10), items: [] });
    const res = await t.http().post('/test-probe/validate').set('Content-Type', 'application/json').send(big);
    expect(res.status).toBe(413);
    expect(res.body.message).toEqual(expect.any(String));
  });

  it('reports validation errors as 422 with dotted field paths', async () => {
    const res = await t
      .http()
      .post('/test-probe/validate')
      .send({
        name: 'far too long a name',
        items: [
          { product_id: 1, quantity: 2 },
          { product_id: 'x', quantity: 0 },
        ],
      });
    expect(res.status).toBe(422);
    expect(res.body.message).toEqual(expect.any(String));
    expect(Object.keys(res.body.errors).sort()).toEqual(['items.1.product_id', 'items.1.quantity', 'name']);
    for (const messages of Object.values(res.body.errors)) expect(messages).toEqual(expect.arrayContaining([expect.any(String)]));
    expect(res.body.errors['items.1.product_id'][0]).toMatch(/^items\.1\.product_id /);
  });

  it('rejects unknown body fields with 422 instead of storing them', async () => {
    const res = await t
      .http()
      .post('/test-probe/validate')
      .send({ name: 'ok', items: [{ product_id: 1, quantity: 1 }], tenant_id: 'x' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty('tenant_id');
  });

  it('reports a missing required array', async () => {
    const res = await t.http().post('/test-probe/validate').send({ name: 'ok' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty('items');
  });

  it('hides unexpected errors behind an opaque 500 whose request id is in the log line', async () => {
    const res = await t.http().get('/test-probe/crash');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: 'Server Error' });
    expect(JSON.stringify(res.body)).not.toMatch(/SELECT|stack/i);
    const requestId = res.headers['x-request-id'];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const logged = t.logs.find((line) => JSON.stringify(line).includes(requestId) && JSON.stringify(line).includes('SELECT secret'));
    expect(logged).toBeDefined();
  });

  it('keeps a well-formed incoming X-Request-Id', async () => {
    const res = await t.http().get('/health/live').set('X-Request-Id', 'client-abc-12345');
    expect(res.headers['x-request-id']).toBe('client-abc-12345');
  });

  it('writes one JSON line per request, with its id, when request logging is on', async () => {
    await withTestApp({ logLevel: 'info' }, async (verbose) => {
      const res = await verbose.http().get('/api/v1/nowhere');
      const line = verbose.logs.find((entry) => (entry.req as { id?: string } | undefined)?.id === res.headers['x-request-id']);
      expect(line).toEqual(expect.objectContaining({ msg: 'request completed', res: { statusCode: 404 } }));
      const live = await verbose.http().get('/health/live');
      expect(live.status).toBe(200);
      expect(verbose.logs.some((entry) => (entry.req as { url?: string } | undefined)?.url === '/health/live')).toBe(false);
    });
  });

  it("logs an unexpected error through the request's logger when request logging is on", async () => {
    await withTestApp({ logLevel: 'info', imports: [ProbeModule] }, async (verbose) => {
      const res = await verbose.http().get('/test-probe/crash');
      expect(res.status).toBe(500);
      const line = verbose.logs.find((entry) => entry.msg === 'Unhandled error');
      // `req` comes only from pino-http's child logger, bound for Nest's Logger for the request.
      expect(line?.req).toEqual(expect.objectContaining({ id: res.headers['x-request-id'], url: '/test-probe/crash' }));
    });
  });

  it('answers CORS preflights for the configured storefront origins only', async () => {
    await withTestApp({ env: { CORS_ORIGINS: 'https://shop.example' } }, async (cors) => {
      const preflight = { Origin: 'https://shop.example', 'Access-Control-Request-Method': 'POST' };
      const allowed = await cors.http().options('/api/v1/orders').set(preflight);
      expect(allowed.status).toBe(204);
      expect(allowed.headers['access-control-allow-origin']).toBe('https://shop.example');
      expect(allowed.headers['access-control-allow-headers']).toMatch(/X-Tenant-ID/);
      const other = await cors.http().get('/health/live').set('Origin', 'https://evil.example');
      expect(other.status).toBe(200);
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
      const exposed = await cors.http().get('/health/live').set('Origin', 'https://shop.example');
      expect(exposed.headers['access-control-expose-headers']).toMatch(/X-Request-Id/);
    });
    expect(
      (await t.http().get('/health/live').set('Origin', 'https://shop.example')).headers['access-control-allow-origin'],
    ).toBeUndefined();
  });
});
