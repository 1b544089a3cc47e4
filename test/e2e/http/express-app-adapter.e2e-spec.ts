import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express } from 'express';
import { useTestApp } from '@test/support/test-app';

/**
 * The HTTP server makes requests and responses with the Express app's prototypes, so that Express
 * has no prototype to change (common/http/express-app.adapter.ts; docs/benchmarks.md, garbage
 * collection). A listener put before Express's sees each object as Node made it.
 */
describe('The HTTP server', () => {
  const t = useTestApp();

  it("makes each request and response with the Express app's prototypes before Express sees them", async () => {
    const server = t.app.getHttpServer();
    const express: Express = t.app.getHttpAdapter().getInstance();
    const seen: Array<{ request: object; response: object }> = [];
    const listener = (req: IncomingMessage, res: ServerResponse) =>
      seen.push({ request: Object.getPrototypeOf(req) as object, response: Object.getPrototypeOf(res) as object });
    server.prependListener('request', listener);
    let answers;
    try {
      answers = await Promise.all([
        t.http().get('/health/live'),
        t.http().get('/api/v1/no-such-route'),
        t.http().post('/api/v1/register').set('Content-Type', 'application/json').send('{"name":'),
      ]);
    } finally {
      server.off('request', listener);
    }
    const [live, missing, refused] = answers;

    // What Express adds through those prototypes still works: status, headers, JSON bodies, errors.
    expect(live.status).toBe(200);
    expect(live.text).toBe('OK');
    expect(live.headers['x-request-id']).toEqual(expect.any(String));
    expect(missing.status).toBe(404);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: 'Malformed JSON in request body.' });
    expect(seen).toHaveLength(3);
    for (const { request, response } of seen) {
      expect(request).toBe(express.request);
      expect(response).toBe(express.response);
    }
  });
});
