import { randomUUID } from 'node:crypto';
import { createProduct, createShop, stockOf } from '@test/support/commerce-factories';
import { uniqueClientIp } from '@test/support/http-clients';
import { useTestApp } from '@test/support/test-app';

// Decisions §6 and §15: one client cannot take a shop's stock off sale. Defaults: at most 20 units
// of one product per session, at most 20 live holding sessions per client IP and shop
// (many shoppers share one IP, docs/commerce.md), at most
// max(3, ceil(stock / 2)) units of one product per client IP, and a session's holds end at the
// latest 30 minutes after its first hold.

const MAX_UNITS = 20;
const MAX_SESSIONS = 20;
const FRESH = 30;

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
      // Without a session_id every request is a fresh session; the first MAX_SESSIONS, sent at once, all hold.
      const first = await Promise.all(Array.from({ length: MAX_SESSIONS }, () => holdAs(ip, tenant.id, line)));
      expect(first.map((res) => res.status)).toEqual(Array(MAX_SESSIONS).fill(200));
      const statuses = [];
      for (let i = 0; i < 2; i++) statuses.push((await holdAs(ip, tenant.id, line)).status);
      expect(statuses).toEqual([429, 429]);
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
      const sessions = Array.from({ length: MAX_SESSIONS }, session);
      const held = await Promise.all(sessions.map((id) => holdAs(ip, tenant.id, [{ product_id: product.id, quantity: 1 }], id)));
      expect(held.map((res) => res.status)).toEqual(Array(MAX_SESSIONS).fill(200));
      expect((await holdAs(ip, tenant.id, [{ product_id: product.id, quantity: 5 }], sessions[1])).status).toBe(200);
      expect((await holdAs(ip, tenant.id, [{ product_id: product.id, quantity: 1 }], session())).status).toBe(429);
    });

    it('counts only live sessions: one more session after one expired is fine', async () => {
      const { tenant, product } = await stocked();
      const ip = uniqueClientIp();
      const sessions = Array.from({ length: MAX_SESSIONS }, session);
      const held = await Promise.all(sessions.map((id) => holdAs(ip, tenant.id, [{ product_id: product.id, quantity: 1 }], id)));
      expect(held.map((res) => res.status)).toEqual(Array(MAX_SESSIONS).fill(200));
      expect((await holdAs(ip, tenant.id, [{ product_id: product.id, quantity: 1 }], session())).status).toBe(429);
      await t.db.query(`UPDATE inventory_holds SET expires_at = now() - interval '1 second' WHERE session_id = $1`, [sessions[0]]);
      expect((await holdAs(ip, tenant.id, [{ product_id: product.id, quantity: 1 }], session())).status).toBe(200);
    });

    it(`lets exactly ${MAX_SESSIONS} of ${FRESH} concurrent fresh sessions from one IP hold`, async () => {
      const { tenant, product } = await stocked();
      const ip = uniqueClientIp();
      const responses = await Promise.all(
        Array.from({ length: FRESH }, () => holdAs(ip, tenant.id, [{ product_id: product.id, quantity: 1 }], session())),
      );
      expect(responses.filter((res) => res.status === 200)).toHaveLength(MAX_SESSIONS);
      expect(responses.filter((res) => res.status === 429)).toHaveLength(FRESH - MAX_SESSIONS);
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
      const first = await Promise.all(Array.from({ length: MAX_SESSIONS }, (_, i) => holdAs(`${prefix}::${i + 1}`, tenant.id, line)));
      expect(first.map((res) => res.status)).toEqual(Array(MAX_SESSIONS).fill(200));
      expect((await holdAs(`${prefix}::ffff`, tenant.id, line)).status).toBe(429);
    });
  });

  describe('units of one product per client IP (decisions §15)', () => {
    /** What one IP may hold of a product across all its sessions: max(3, ceil(stock / 2)). */
    const perClient = (stock: number) => Math.max(3, Math.ceil(stock / 2));
    const heldBy = async (ip: string, productId: number) => {
      const [row] = await t.db.query(
        'SELECT coalesce(sum(quantity), 0)::int AS units FROM inventory_holds WHERE client_ip = $1 AND product_id = $2 AND expires_at > now()',
        [ip, productId],
      );
      return row.units as number;
    };

    it('lets one IP hold at most half the stock of a product across its sessions; beyond is 429 { message }', async () => {
      const { tenant, product } = await stocked(10);
      const ip = uniqueClientIp();
      // Another shopper's hold does not lower the bound: stock counts held units.
      expect((await holdAs(uniqueClientIp(), tenant.id, [{ product_id: product.id, quantity: 4 }], session())).status).toBe(200);
      expect((await holdAs(ip, tenant.id, [{ product_id: product.id, quantity: 3 }], session())).status).toBe(200);
      expect((await holdAs(ip, tenant.id, [{ product_id: product.id, quantity: 2 }], session())).status).toBe(200);
      const refused = await holdAs(ip, tenant.id, [{ product_id: product.id, quantity: 1 }], session());
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ message: expect.any(String) });
      expect(refused.body.message).not.toMatch(/\d/);
      expect(await heldBy(ip, product.id)).toBe(perClient(10));
      // Positive control: another IP takes the last unit.
      expect((await holdAs(uniqueClientIp(), tenant.id, [{ product_id: product.id, quantity: 1 }], session())).status).toBe(200);
    });

    it('answers 409 first for a hold beyond the available stock, and holds at least 3 units of a small stock', async () => {
      const { tenant, product } = await stocked(4);
      const ip = uniqueClientIp();
      const tooMany = await holdAs(ip, tenant.id, [{ product_id: product.id, quantity: 5 }], session());
      expect(tooMany.status).toBe(409);
      expect(tooMany.body).toEqual({ success: false, message: expect.any(String), product_id: product.id });
      // Even beyond the per-session bound, too little stock is the answer.
      expect((await holdAs(ip, tenant.id, [{ product_id: product.id, quantity: MAX_UNITS + 1 }], session())).status).toBe(409);
      expect((await holdAs(ip, tenant.id, [{ product_id: product.id, quantity: 3 }], session())).status).toBe(200);
      expect((await holdAs(ip, tenant.id, [{ product_id: product.id, quantity: 1 }], session())).status).toBe(429);
      expect(await heldBy(ip, product.id)).toBe(perClient(4));
    });

    it('lets a session renew its own hold within the bound (its old hold does not count twice)', async () => {
      const { tenant, product } = await stocked(10);
      const ip = uniqueClientIp();
      const mine = session();
      expect((await holdAs(ip, tenant.id, [{ product_id: product.id, quantity: 5 }], mine)).status).toBe(200);
      expect((await holdAs(ip, tenant.id, [{ product_id: product.id, quantity: 5 }], mine)).status).toBe(200);
      expect((await holdAs(ip, tenant.id, [{ product_id: product.id, quantity: 2 }], mine)).status).toBe(200);
      expect((await holdAs(ip, tenant.id, [{ product_id: product.id, quantity: 3 }], session())).status).toBe(200);
      expect(await heldBy(ip, product.id)).toBe(5);
    });

    it('never lets 24 concurrent holds of one IP over 3 sessions exceed the bound', async () => {
      const { tenant, product } = await stocked(12);
      const ip = uniqueClientIp();
      const sessions = [session(), session(), session()];
      // Each session wants 3 units: two sessions fit in max(3, ceil(12 / 2)) = 6, the third never.
      const responses = await Promise.all(
        Array.from({ length: 24 }, (_, i) => holdAs(ip, tenant.id, [{ product_id: product.id, quantity: 3 }], sessions[i % 3])),
      );
      expect(responses.filter((res) => ![200, 429].includes(res.status)).map((res) => res.status)).toEqual([]);
      expect(responses.filter((res) => res.status === 429).length).toBeGreaterThan(0);
      expect(await heldBy(ip, product.id)).toBe(perClient(12));
      const [held] = await t.db.query(
        'SELECT count(DISTINCT session_id)::int AS sessions FROM inventory_holds WHERE product_id = $1 AND expires_at > now()',
        [product.id],
      );
      expect(held.sessions).toBe(2);
      // Positive control: the rest of the stock is there for other shoppers, all at once.
      const others = await Promise.all(
        Array.from({ length: 6 }, () => holdAs(uniqueClientIp(), tenant.id, [{ product_id: product.id, quantity: 1 }], session())),
      );
      expect(others.map((res) => res.status)).toEqual(Array(6).fill(200));
    });

    it('counts the addresses of one IPv6 /64 as one client', async () => {
      const { tenant, product } = await stocked(6);
      const prefix = `2001:db8:${randomUUID().slice(0, 4)}:${randomUUID().slice(0, 4)}`;
      expect((await holdAs(`${prefix}::1`, tenant.id, [{ product_id: product.id, quantity: 2 }], session())).status).toBe(200);
      expect((await holdAs(`${prefix}::2`, tenant.id, [{ product_id: product.id, quantity: 1 }], session())).status).toBe(200);
      expect((await holdAs(`${prefix}::3`, tenant.id, [{ product_id: product.id, quantity: 1 }], session())).status).toBe(429);
    });
  });

  describe('30 minutes at most per session (decisions §15)', () => {
    const CEILING_MINUTES = 30;
    const minutesLeft = (expiresAt: string) => (new Date(expiresAt).getTime() - Date.now()) / 60_000;
    /** Moves the recorded first hold of a session into the past, as if it had been held that long. */
    const heldFor = (sessionId: string, minutes: number) =>
      t.db.query(`UPDATE inventory_holds SET first_held_at = now() - make_interval(mins => $2) WHERE session_id = $1`, [
        sessionId,
        minutes,
      ]);

    it('keeps the first hold’s time across renewals: a renewal never ends later than 30 minutes after it', async () => {
      const { tenant, product } = await stocked();
      const ip = uniqueClientIp();
      const mine = session();
      const first = await holdAs(ip, tenant.id, [{ product_id: product.id, quantity: 1 }], mine);
      expect(first.status).toBe(200);
      expect(minutesLeft(first.body.expires_at)).toBeGreaterThan(14);

      await heldFor(mine, 25);
      const renewed = await holdAs(ip, tenant.id, [{ product_id: product.id, quantity: 2 }], mine);
      expect(renewed.status).toBe(200);
      expect(minutesLeft(renewed.body.expires_at)).toBeGreaterThan(CEILING_MINUTES - 25 - 1);
      expect(minutesLeft(renewed.body.expires_at)).toBeLessThanOrEqual(CEILING_MINUTES - 25);
      // A second renewal keeps the same first hold, so the same end.
      const again = await holdAs(ip, tenant.id, [{ product_id: product.id, quantity: 1 }], mine);
      expect(again.status).toBe(200);
      expect(Math.abs(new Date(again.body.expires_at).getTime() - new Date(renewed.body.expires_at).getTime())).toBeLessThan(2_000);
      const [row] = await t.db.query('SELECT max(expires_at) AS expires_at FROM inventory_holds WHERE session_id = $1', [mine]);
      expect(minutesLeft(row.expires_at)).toBeLessThanOrEqual(CEILING_MINUTES - 25);
    });

    it('refuses to renew a session held for 30 minutes with 429 { message }', async () => {
      const { tenant, product } = await stocked();
      const ip = uniqueClientIp();
      const mine = session();
      expect((await holdAs(ip, tenant.id, [{ product_id: product.id, quantity: 1 }], mine)).status).toBe(200);
      await heldFor(mine, CEILING_MINUTES);
      const refused = await holdAs(ip, tenant.id, [{ product_id: product.id, quantity: 1 }], mine);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ message: expect.any(String) });
      // Positive control: a session whose holds ended (expired or converted) starts over.
      await t.db.query(`UPDATE inventory_holds SET expires_at = now() - interval '1 second' WHERE session_id = $1`, [mine]);
      const fresh = await holdAs(ip, tenant.id, [{ product_id: product.id, quantity: 1 }], mine);
      expect(fresh.status).toBe(200);
      expect(minutesLeft(fresh.body.expires_at)).toBeGreaterThan(14);
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
