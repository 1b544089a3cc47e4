import { createProduct, createShop } from '@test/support/commerce-factories';
import { download, insertOrder, notificationFor, post } from '@test/support/exports';
import { authHeader } from '@test/support/factories';
import { getOnTheWire, RawHttpConnection, type RawResponse } from '@test/support/raw-http';
import { useTestApp, type TestApp } from '@test/support/test-app';

const HSTS = 'max-age=15552000; includeSubDomains';

/** A request whose headers pass Node's limit: answered by the parser's own 431, outside Express. */
async function oversizedHeaders(t: TestApp): Promise<RawResponse> {
  const connection = await RawHttpConnection.open(t.baseUrl);
  try {
    connection.write(`GET /health/live HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20 * 1024)}\r\n\r\n`);
    return await connection.nextResponse();
  } finally {
    connection.destroy();
  }
}

/** The headers every answer carries (docs/security.md, "Response headers"). */
describe('Security headers on every answer', () => {
  describe('X-Content-Type-Options: nosniff', () => {
    const t = useTestApp({ env: { METRICS_ENABLED: 'true', CORS_ORIGINS: 'https://shop.example', APP_URL: 'https://shop.example' } });

    it('on API answers: JSON, a 422, a 401, a 404 of an unknown path, a CORS preflight', async () => {
      const shop = await createShop(t);
      const answers = [
        await t.http().get('/health/live'),
        await t.http().get('/api/v1/merchant/products').set(authHeader(shop.token)),
        await t.http().post('/api/v1/merchant/products').set(authHeader(shop.token)).send({ name: '' }),
        await t.http().get('/api/v1/merchant/products'),
        await t.http().get('/no-such-path'),
        await t
          .http()
          .options('/api/v1/storefront/products')
          .set('Origin', 'https://shop.example')
          .set('Access-Control-Request-Method', 'GET'),
      ];
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 422, 401, 404, 204]);
      for (const answer of answers) expect(answer.headers['x-content-type-options']).toBe('nosniff');
    });

    it('on a CSV download', async () => {
      const shop = await createShop(t);
      const product = await createProduct(t, shop.tenant.id);
      await insertOrder(t, shop.tenant.id, { items: [{ productId: product.id, name: 'Thing', price: '10.00', quantity: 1 }] });
      const requested = await post(t, '/api/v1/exports/orders', shop.token);
      await notificationFor(t, shop.owner.id, 'export_ready', requested.body.export_id);
      const shown = await t.http().get(`/api/v1/exports/${requested.body.export_id}`).set(authHeader(shop.token));
      const csv = await download(t, shown.body.data.download_url);
      expect(csv.status).toBe(200);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      expect(csv.headers['x-content-type-options']).toBe('nosniff');
    });

    it('on HTML pages and static files: a shop page, the dashboard, their scripts', async () => {
      const shop = await createShop(t);
      const page = await t.http().get(`/s/${shop.tenant.slug}`);
      const dashboard = await t.http().get('/dashboard/');
      const script = /src="(\/storefront-assets\/[^"]+\.js)"/.exec(page.text)![1];
      const dashboardScript = /src="(\/dashboard\/assets\/[^"]+\.js)"/.exec(dashboard.text)![1];
      const answers = [
        page,
        dashboard,
        await t.http().get(script),
        await t.http().get(dashboardScript),
        await t.http().get('/dashboard/sw.js'),
      ];
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
      for (const answer of answers) expect(answer.headers['x-content-type-options']).toBe('nosniff');
    });

    it('on the metrics endpoint', async () => {
      const metrics = await t.http().get('/metrics');
      expect(metrics.status).toBe(200);
      expect(metrics.headers['x-content-type-options']).toBe('nosniff');
    });

    it("on Socket.IO's long-polling answers, written outside the routes", async () => {
      const handshake = await getOnTheWire(t.baseUrl, '/socket.io/?EIO=4&transport=polling');
      expect(handshake.status).toBe(200);
      expect(handshake.body.toString('utf8')).toMatch(/"sid"/);
      expect(handshake.headers['x-content-type-options']).toBe('nosniff');
    });

    it("on the parser's own 431 answer", async () => {
      const answer = await oversizedHeaders(t);
      expect(answer.status).toBe(431);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['strict-transport-security']).toBeUndefined();
    });

    it('without Strict-Transport-Security outside production, even behind an https APP_URL', async () => {
      expect((await t.http().get('/health/live')).headers['strict-transport-security']).toBeUndefined();
    });
  });

  describe('Strict-Transport-Security in production behind an https APP_URL', () => {
    const t = useTestApp({ env: { NODE_ENV: 'production', APP_URL: 'https://shop.example', METRICS_ENABLED: 'true' } });

    it('on every answer: JSON, errors, 404, a page, a static file, metrics, the 431', async () => {
      const shop = await createShop(t);
      const answers = [
        await t.http().get('/health/live'),
        await t.http().get('/api/v1/merchant/products').set(authHeader(shop.token)),
        await t.http().get('/api/v1/merchant/products'),
        await t.http().get('/no-such-path'),
        await t.http().get(`/s/${shop.tenant.slug}`),
        await t.http().get('/dashboard/sw.js'),
        await t.http().get('/metrics'),
      ];
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 401, 404, 200, 200, 200]);
      for (const answer of answers) {
        expect(answer.headers['strict-transport-security']).toBe(HSTS);
        expect(answer.headers['x-content-type-options']).toBe('nosniff');
      }
      const refused = await oversizedHeaders(t);
      expect(refused.status).toBe(431);
      expect(refused.headers['strict-transport-security']).toBe(HSTS);
      expect(refused.headers['x-content-type-options']).toBe('nosniff');
    });
  });

  describe('no Strict-Transport-Security in production behind a plain-http APP_URL', () => {
    const t = useTestApp({ env: { NODE_ENV: 'production', APP_URL: 'http://shop.example' } });

    it('says nothing of HTTPS, and still nosniff', async () => {
      for (const answer of [await t.http().get('/health/live'), await t.http().get('/no-such-path')]) {
        expect(answer.headers['strict-transport-security']).toBeUndefined();
        expect(answer.headers['x-content-type-options']).toBe('nosniff');
      }
      const refused = await oversizedHeaders(t);
      expect(refused.status).toBe(431);
      expect(refused.headers['strict-transport-security']).toBeUndefined();
    });
  });
});
