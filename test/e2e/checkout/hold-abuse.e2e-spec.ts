import { randomUUID } from 'node:crypto';
import { createProduct, createShop, stockOf } from '@test/support/commerce-factories';
import { uniqueClientIp } from '@test/support/http-clients';
import { useTestApp } from '@test/support/test-app';

// Decisions §6: one client cannot take a shop's stock off sale. Defaults: at most 20 units of one
// product per session, at most 3 live holding sessions per client IP and shop.

const MAX_UNITS = 20;
const MAX_SESSIONS = 3;

describe('Inventory hold abuse bounds (decisions §6)', () => {
  const t = useTestApp();

  const stocked = async (stock = 1000, name = 'Blue mug') => {
    const { tenant } = await createShop(t);
    return { tenant, product: await createProduct(t, tenant.id, { stock, name }) };
  };
  const session = () => `sess-${randomUUID()}`;
  const holdAs = (ip: string, tenantId: string, items: Array<{ product_id: number; quantity: number }>, sessionId?: string) =>
    t
      .http()
      .post('/api/v1/checkout/hold-inventory')
      .set('X-Forwarded-For', ip)
      .set('X-Tenant-ID', tenantId)
      .send(sessionId ? { items, session_id: sessionId } : { items });

  describe('units per session', () => {
    it(`holds up to ${MAX_UNITS} units of one product, and answers 429 { message } beyond`, async () => {
      const { tenant, product } = await stocked();
      const ip = uniqueClientIp();
      const refused = await holdAs(ip, tenant.id, [{ product_id: product.id, quantity: MAX_UNITS + 1 }], session());
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ message: expect.any(String) });
      // The same product over two lines counts once.
      const split = await holdAs(ip, tenant.id, [
        { product_id: product.id, quantity: 15 },
        { product_id: product.id, quantity: 6 },
      ]);
      expect(split.status).toBe(429);
      // Positive control: the bound itself, and a normal cart of several products.
      expect((await holdAs(ip, tenant.id, [{ product_id: product.id, quantity: MAX_UNITS }], session())).status).toBe(200);
      const other = await createProduct(t, tenant.id, { stock: 50 });
      const cart = await holdAs(ip, tenant.id, [
        { product_id: product.id, quantity: 2 },
        { product_id: other.id, quantity: MAX_UNITS },
      ]);
      expect(cart.status).toBe(200);
      const [held] = await t.db.query('SELECT sum(quantity)::int AS units FROM inventory_holds WHERE tenant_id = $1', [tenant.id]);
      expect(held.units).toBe(MAX_UNITS + 2 + MAX_UNITS);
    });
  });

  describe('sessions per client IP and shop', () => {
    it(`lets one IP hold ${MAX_SESSIONS} sessions at a time, each fresh session beyond is 429`, async () => {
      const { tenant, product } = await stocked();
      const ip = uniqueClientIp();
      const line = [{ product_id: product.id, quantity: 1 }];
      // Without a session_id every request is a fresh session.
      const statuses = [];
      for (let i = 0; i < MAX_SESSIONS + 2; i++) statuses.push((await holdAs(ip, tenant.id, line)).status);
      expect(statuses).toEqual([...Array(MAX_SESSIONS).fill(200), 429, 429]);
      const refused = await holdAs(ip, tenant.id, line, session());
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ message: expect.any(String) });
      const [held] = await t.db.query('SELECT count(DISTINCT session_id)::int AS sessions FROM inventory_holds WHERE tenant_id = $1', [
        tenant.id,
      ]);
      expect(held.sessions).toBe(MAX_SESSIONS);
      // Positive controls: another client, and the same client in another shop.
      expect((await holdAs(uniqueClientIp(), tenant.id, line)).status).toBe(200);
      const elsewhere = await stocked();
      expect((await holdAs(ip, elsewhere.tenant.id, [{ product_id: elsewhere.product.id, quantity: 1 }])).status).toBe(200);
    });

    it('lets a session replace its own hold: that is not a new session', async () => {
      const { tenant, product } = await stocked();
      const ip = uniqueClientIp();
      const sessions = [session(), session(), session()];
      for (const id of sessions) expect((await holdAs(ip, tenant.id, [{ product_id: product.id, quantity: 1 }], id)).status).toBe(200);
      expect((await holdAs(ip, tenant.id, [{ product_id: product.id, quantity: 5 }], sessions[1])).status).toBe(200);
      expect((await holdAs(ip, tenant.id, [{ product_id: product.id, quantity: 1 }], session())).status).toBe(429);
    });

    it('counts only live sessions: a 4th session after one expired is fine', async () => {
      const { tenant, product } = await stocked();
      const ip = uniqueClientIp();
      const sessions = [session(), session(), session()];
      for (const id of sessions) expect((await holdAs(ip, tenant.id, [{ product_id: product.id, quantity: 1 }], id)).status).toBe(200);
      expect((await holdAs(ip, tenant.id, [{ product_id: product.id, quantity: 1 }], session())).status).toBe(429);
      await t.db.query(`UPDATE inventory_holds SET expires_at = now() - interval '1 second' WHERE session_id = $1`, [sessions[0]]);
      expect((await holdAs(ip, tenant.id, [{ product_id: product.id, quantity: 1 }], session())).status).toBe(200);
    });

    it(`lets exactly ${MAX_SESSIONS} of 20 concurrent fresh sessions from one IP hold`, async () => {
      const { tenant, product } = await stocked();
      const ip = uniqueClientIp();
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => holdAs(ip, tenant.id, [{ product_id: product.id, quantity: 1 }], session())),
      );
      expect(responses.filter((res) => res.status === 200)).toHaveLength(MAX_SESSIONS);
      expect(responses.filter((res) => res.status === 429)).toHaveLength(20 - MAX_SESSIONS);
      const [held] = await t.db.query('SELECT count(DISTINCT session_id)::int AS sessions FROM inventory_holds WHERE tenant_id = $1', [
        tenant.id,
      ]);
      expect(held.sessions).toBe(MAX_SESSIONS);
      // Positive control: as many different clients at once all hold.
      const clients = await Promise.all(
        Array.from({ length: 20 }, () => holdAs(uniqueClientIp(), tenant.id, [{ product_id: product.id, quantity: 1 }], session())),
      );
      expect(clients.map((res) => res.status)).toEqual(Array(20).fill(200));
    });

    it('counts the addresses of one IPv6 /64 as one client', async () => {
      const { tenant, product } = await stocked();
      const prefix = `2001:db8:${randomUUID().slice(0, 4)}:${randomUUID().slice(0, 4)}`;
      const line = [{ product_id: product.id, quantity: 1 }];
      const statuses = [];
      for (let i = 1; i <= MAX_SESSIONS + 1; i++) statuses.push((await holdAs(`${prefix}::${i}`, tenant.id, line)).status);
      expect(statuses).toEqual([...Array(MAX_SESSIONS).fill(200), 429]);
    });
  });

  describe('too little stock', () => {
    it('answers 409 { success: false, message, product_id } without saying how many units are left', async () => {
      const { tenant, product } = await stocked(5, 'Green teapot');
      expect((await holdAs(uniqueClientIp(), tenant.id, [{ product_id: product.id, quantity: 3 }])).status).toBe(200);
      const someLeft = await holdAs(uniqueClientIp(), tenant.id, [{ product_id: product.id, quantity: 3 }]);
      expect(someLeft.status).toBe(409);
      expect(someLeft.body).toEqual({ success: false, message: expect.any(String), product_id: product.id });
      expect(someLeft.body.message).not.toMatch(/\d/);
      // Positive control: what is left can be held; then nothing is left, and the answer is the same.
      expect((await holdAs(uniqueClientIp(), tenant.id, [{ product_id: product.id, quantity: 2 }])).status).toBe(200);
      const noneLeft = await holdAs(uniqueClientIp(), tenant.id, [{ product_id: product.id, quantity: 1 }]);
      expect(noneLeft.status).toBe(409);
      expect(noneLeft.body).toEqual(someLeft.body);
      expect(await stockOf(t, product.id)).toBe(5);
    });
  });
});
