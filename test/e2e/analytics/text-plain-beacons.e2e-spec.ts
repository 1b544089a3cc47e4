import { createProduct } from '@test/support/commerce-factories';
import { createTenant } from '@test/support/factories';
import { uniqueClientIp } from '@test/support/http-clients';
import { useTestApp } from '@test/support/test-app';
import { waitFor } from '@test/support/wait';

/**
 * `navigator.sendBeacon` sends a string as `text/plain;charset=UTF-8`: the track and interaction
 * endpoints read such a body as the JSON it holds, with the same refusals as a JSON body (decisions §18).
 */
describe('text/plain beacons on analytics/track and interactions (decisions §18)', () => {
  const t = useTestApp();
  const beacon = (path: string, text: string, contentType = 'text/plain;charset=UTF-8') =>
    t.http().post(path).set('X-Forwarded-For', uniqueClientIp()).set('Content-Type', contentType).send(text);

  it('tracks an event sent as text/plain and stores it', async () => {
    const tenant = await createTenant(t);
    const product = await createProduct(t, tenant.id);
    const res = await beacon(
      '/api/v1/analytics/track',
      JSON.stringify({ tenant_id: tenant.slug, type: 'cart_add', product_id: product.id }),
    );
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ success: true, message: expect.any(String) });
    const row = await waitFor(
      async () => (await t.db.query('SELECT type, product_id FROM analytics_events WHERE tenant_id = $1', [tenant.id]))[0],
      { what: 'the beacon event to be stored' },
    );
    expect(row).toEqual({ type: 'cart_add', product_id: product.id });
  });

  it('records an interaction sent as text/plain', async () => {
    const tenant = await createTenant(t);
    const res = await beacon('/api/v1/interactions', JSON.stringify({ tenant_id: tenant.id, type: 'view' }), 'text/plain');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ status: 'success' });
    const [{ n }] = await t.db.query('SELECT count(*)::int AS n FROM interactions WHERE tenant_id = $1', [tenant.id]);
    expect(n).toBe(1);
  });

  describe.each(['/api/v1/analytics/track', '/api/v1/interactions'])('%s', (path) => {
    it('answers 400 { message } to text/plain that is not JSON, as to such a JSON body', async () => {
      for (const contentType of ['text/plain', 'application/json']) {
        const res = await beacon(path, '{"tenant_id": ', contentType);
        expect({ contentType, status: res.status, body: res.body }).toEqual({
          contentType,
          status: 400,
          body: { message: expect.any(String) },
        });
      }
    });

    it('answers 422 on the field to text/plain JSON that breaks a rule, as to such a JSON body', async () => {
      const tenant = await createTenant(t);
      for (const contentType of ['text/plain', 'application/json']) {
        const res = await beacon(path, JSON.stringify({ tenant_id: tenant.id, type: 'no-such-type', extra: 1 }), contentType);
        expect({ contentType, status: res.status, fields: Object.keys(res.body.errors ?? {}).sort() }).toEqual({
          contentType,
          status: 422,
          fields: ['extra', 'type'],
        });
      }
    });

    it('refuses hostile JSON in text/plain as in a JSON body (400)', async () => {
      const res = await beacon(path, `{"tenant_id":"x","type":"view","metadata":${'['.repeat(40)}${']'.repeat(40)}}`);
      expect(res.status).toBe(400);
      const nul = await beacon(path, JSON.stringify({ tenant_id: 'x\u0000', type: 'view' }));
      expect(nul.status).toBe(400);
    });
  });

  it('leaves other routes JSON-only: a text/plain body there is not read', async () => {
    const tenant = await createTenant(t);
    const body = JSON.stringify({ session_id: 'sess-text-plain-control' });
    const send = (contentType: string) => beacon('/api/v1/checkout/remove-coupon', body, contentType).set('X-Tenant-ID', tenant.id);
    expect((await send('application/json')).status).toBe(200);
    const res = await send('text/plain');
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['session_id']);
  });
});
