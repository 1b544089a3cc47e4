import { randomUUID } from 'node:crypto';
import { KeyValueStore } from '@infra/store/key-value-store';
import { createCoupon, createProduct, createShop } from '@test/support/commerce-factories';
import { expectInvalid, uniqueClientIp } from '@test/support/http-clients';
import { storeKeys } from '@test/support/store-keys';
import { useTestApp } from '@test/support/test-app';

// Decisions §15: a checkout session stores only product_id and quantity of real, active products of
// the shop (at most 50 lines), never a client's names or prices; at most 3 live sessions per client
// IP and shop. Runs on both store backends (jest.config.js PER_BACKEND).

const MAX_LINES = 50;
const MAX_SESSIONS = 3;

describe('Checkout session storage (decisions §15)', () => {
  const t = useTestApp();

  const session = () => `sess-${randomUUID()}`;
  const summaryAs = (ip: string, tenantId: string, body: Record<string, unknown>) =>
    t.http().post('/api/v1/checkout/cart-summary').set('X-Forwarded-For', ip).set('X-Tenant-ID', tenantId).send(body);
  const postAs = (ip: string, path: string, tenantId: string, body: Record<string, unknown>) =>
    t.http().post(`/api/v1/checkout/${path}`).set('X-Forwarded-For', ip).set('X-Tenant-ID', tenantId).send(body);
  /** Everything the store keeps under keys naming this shop: the keys and their values. */
  const stored = async (tenantId: string) => {
    const keys = await storeKeys(t, `*${tenantId}*`);
    const values = await Promise.all(keys.map((key) => t.get(KeyValueStore).get(key)));
    return { keys, text: values.join('\n') };
  };
  /** Sessions stored for this shop: the stored values that hold cart lines. */
  const storedSessions = async (tenantId: string) => {
    const keys = await storeKeys(t, `*${tenantId}*`);
    const values = await Promise.all(keys.map((key) => t.get(KeyValueStore).get(key)));
    return values.filter((value): value is string => value !== null && value.includes('"items"'));
  };

  async function shop() {
    const { tenant } = await createShop(t);
    const espresso = await createProduct(t, tenant.id, { price: '100.00', name: 'Espresso' });
    const cookie = await createProduct(t, tenant.id, { price: '40.50', name: 'Cookie' });
    return { tenant, espresso, cookie };
  }

  it('keeps only product_id and quantity of each line, never the names or prices a client sends', async () => {
    const { tenant, espresso, cookie } = await shop();
    const ip = uniqueClientIp();
    const sessionId = session();
    const longName = 'N'.repeat(255);
    const res = await summaryAs(ip, tenant.id, {
      session_id: sessionId,
      items: [
        { product_id: espresso.id, name: longName, price: 0.01, quantity: 2 },
        { product_id: cookie.id, name: 'Cookie', price: 987.65, quantity: 1 },
      ],
      subtotal: 1.23,
    });
    expect(res.status).toBe(200);
    // The answer keeps its shape; the subtotal is the catalog's, not the client's.
    expect(res.body).toEqual({ success: true, message: 'Cart synchronized successfully', subtotal: 240.5 });

    const { text } = await stored(tenant.id);
    expect(text).toContain(String(espresso.id));
    expect(text).not.toContain(longName);
    expect(text).not.toContain('Cookie');
    expect(text).not.toMatch(/0\.01|987\.65|1\.23|price|name/);
    const [value] = await storedSessions(tenant.id);
    expect(JSON.parse(value).items).toEqual([
      { product_id: espresso.id, quantity: 2 },
      { product_id: cookie.id, quantity: 1 },
    ]);

    // validate-coupon without cart_subtotal prices the stored lines from the catalog.
    await createCoupon(t, tenant.id, { code: 'TENOFF', value: '10' });
    const valid = await postAs(ip, 'validate-coupon', tenant.id, { session_id: sessionId, code: 'TENOFF' });
    expect(valid.status).toBe(200);
    expect(valid.body).toEqual({ valid: true, discount_amount: 24.05, coupon_type: 'percentage', code: 'TENOFF' });
  });

  it('refuses lines of unknown, inactive or another shop’s products with 422 on items.N.product_id, storing nothing', async () => {
    const { tenant, espresso } = await shop();
    const inactive = await createProduct(t, tenant.id, { isActive: false });
    const elsewhere = await shop();
    const ip = uniqueClientIp();
    const res = await summaryAs(ip, tenant.id, {
      session_id: session(),
      items: [
        { product_id: espresso.id, quantity: 1 },
        { product_id: 2_000_000_000, quantity: 1 },
        { product_id: inactive.id, quantity: 1 },
        { product_id: elsewhere.espresso.id, quantity: 1 },
      ],
      subtotal: 10,
    });
    expectInvalid(res, ['items.1.product_id', 'items.2.product_id', 'items.3.product_id']);
    expect(Object.keys(res.body.errors)).not.toContain('items.0.product_id');
    expect(await storedSessions(tenant.id)).toEqual([]);
    // Positive control: the valid line alone is kept.
    expect(
      (await summaryAs(ip, tenant.id, { session_id: session(), items: [{ product_id: espresso.id, quantity: 1 }], subtotal: 10 })).status,
    ).toBe(200);
    expect(await storedSessions(tenant.id)).toHaveLength(1);
  });

  it(`takes at most ${MAX_LINES} lines`, async () => {
    const { tenant, espresso } = await shop();
    const ip = uniqueClientIp();
    const lines = (count: number) => Array.from({ length: count }, () => ({ product_id: espresso.id, quantity: 1 }));
    expectInvalid(await summaryAs(ip, tenant.id, { session_id: session(), items: lines(MAX_LINES + 1), subtotal: 0 }), ['items']);
    expect(await storedSessions(tenant.id)).toEqual([]);
    expect((await summaryAs(ip, tenant.id, { session_id: session(), items: lines(MAX_LINES), subtotal: 0 })).status).toBe(200);
  });

  it(`keeps at most ${MAX_SESSIONS} live sessions per IP and shop; a further one is 429 { message }`, async () => {
    const { tenant, espresso } = await shop();
    const ip = uniqueClientIp();
    const cart = (sessionId: string) => ({ session_id: sessionId, items: [{ product_id: espresso.id, quantity: 1 }], subtotal: 100 });
    const sessions = [session(), session(), session()];
    for (const id of sessions) expect((await summaryAs(ip, tenant.id, cart(id))).status).toBe(200);
    const refused = await summaryAs(ip, tenant.id, cart(session()));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: expect.any(String) });
    expect(await storedSessions(tenant.id)).toHaveLength(MAX_SESSIONS);
    // Positive controls: a stored session is updated as often as needed, another client and the
    // same client in another shop each have their own sessions.
    expect((await summaryAs(ip, tenant.id, { ...cart(sessions[1]), items: [{ product_id: espresso.id, quantity: 4 }] })).status).toBe(200);
    expect((await summaryAs(uniqueClientIp(), tenant.id, cart(session()))).status).toBe(200);
    const other = await shop();
    expect(
      (
        await summaryAs(ip, other.tenant.id, {
          session_id: session(),
          items: [{ product_id: other.espresso.id, quantity: 1 }],
          subtotal: 1,
        })
      ).status,
    ).toBe(200);
  });

  it(`stores exactly ${MAX_SESSIONS} of 20 concurrent fresh sessions from one IP`, async () => {
    const { tenant, espresso } = await shop();
    const ip = uniqueClientIp();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        summaryAs(ip, tenant.id, { session_id: session(), items: [{ product_id: espresso.id, quantity: 1 }], subtotal: 100 }),
      ),
    );
    expect(responses.filter((res) => res.status === 200)).toHaveLength(MAX_SESSIONS);
    expect(responses.filter((res) => res.status === 429)).toHaveLength(20 - MAX_SESSIONS);
    expect(await storedSessions(tenant.id)).toHaveLength(MAX_SESSIONS);
  });

  it('stores one session, in one slot, for 20 concurrent first carts of the same session', async () => {
    const { tenant, espresso } = await shop();
    const ip = uniqueClientIp();
    const sessionId = session();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        summaryAs(ip, tenant.id, { session_id: sessionId, items: [{ product_id: espresso.id, quantity: i + 1 }], subtotal: 100 }),
      ),
    );
    expect(responses.map((res) => res.status)).toEqual(Array(20).fill(200));
    expect(await storedSessions(tenant.id)).toHaveLength(1);
    // The client still has its other two sessions, and no more.
    const cart = () => ({ session_id: session(), items: [{ product_id: espresso.id, quantity: 1 }], subtotal: 100 });
    expect((await summaryAs(ip, tenant.id, cart())).status).toBe(200);
    expect((await summaryAs(ip, tenant.id, cart())).status).toBe(200);
    expect((await summaryAs(ip, tenant.id, cart())).status).toBe(429);
  });

  it('counts the addresses of one IPv6 /64 as one client', async () => {
    const { tenant, espresso } = await shop();
    const prefix = `2001:db8:${randomUUID().slice(0, 4)}:${randomUUID().slice(0, 4)}`;
    const statuses = [];
    for (let i = 1; i <= MAX_SESSIONS + 1; i++) {
      const body = { session_id: session(), items: [{ product_id: espresso.id, quantity: 1 }], subtotal: 100 };
      statuses.push((await summaryAs(`${prefix}::${i}`, tenant.id, body)).status);
    }
    expect(statuses).toEqual([...Array(MAX_SESSIONS).fill(200), 429]);
  });

  it('lets validate-coupon and remove-coupon store no session of their own', async () => {
    const { tenant } = await shop();
    await createCoupon(t, tenant.id, { code: 'ANY', value: '10' });
    const ip = uniqueClientIp();
    for (let i = 0; i < MAX_SESSIONS + 2; i++) {
      const valid = await postAs(ip, 'validate-coupon', tenant.id, { session_id: session(), code: 'ANY', cart_subtotal: 100 });
      expect(valid.status).toBe(200);
      expect((await postAs(ip, 'remove-coupon', tenant.id, { session_id: session() })).body).toEqual({
        success: true,
        message: 'Coupon removed.',
      });
    }
    expect((await stored(tenant.id)).keys.filter((key) => !key.startsWith('rl:'))).toEqual([]);
  });
});
