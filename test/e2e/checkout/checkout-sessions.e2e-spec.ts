import { randomUUID } from 'node:crypto';
import { KeyValueStore } from '@infra/store/key-value-store';
import { createCoupon, createProduct, createShop, orderBody } from '@test/support/commerce-factories';
import { expectInvalid, placeOrder, uniqueClientIp } from '@test/support/http-clients';
import { deleteStoreKeys, storeKeys, storeTtlSeconds } from '@test/support/store-keys';
import { useTestApp } from '@test/support/test-app';

// A checkout session stores only product_id and quantity of real, active products of the shop (at
// most 50 lines), never a client's names or prices. It is live while used in the last 30 minutes and
// forgotten 2 hours after its last use; at most 20 live sessions per client IP and shop, and a
// refused one never stops the purchase (docs/commerce.md). Runs on both store backends
// (jest.config.js PER_BACKEND).

const MAX_LINES = 50;
const MAX_SESSIONS = 20;
const FRESH = 30;

describe('Checkout session storage', () => {
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
      subtotal: 777.77,
    });
    expect(res.status).toBe(200);
    // The answer echoes the subtotal sent (spec 4.3); the session keeps none of it.
    expect(res.body).toEqual({ success: true, message: 'Cart synchronized successfully', subtotal: 777.77 });

    const { text } = await stored(tenant.id);
    expect(text).not.toContain('777.77');
    expect(text).toContain(String(espresso.id));
    expect(text).not.toContain(longName);
    expect(text).not.toContain('Cookie');
    // The amounts as numbers of their own: the session's slot names the client's address, which may
    // well contain "1.23" (10.182.201.23).
    expect(text).not.toMatch(/(?<![\d.])(0\.01|987\.65|1\.23)(?!\d)|price|name/);
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

  const cart = (productId: number, sessionId = session()) => ({
    session_id: sessionId,
    items: [{ product_id: productId, quantity: 1 }],
    subtotal: 100,
  });
  /** MAX_SESSIONS new sessions of one client, sent at once: all are stored. */
  const fillSlots = async (ip: string, tenantId: string, productId: number) => {
    const sessions = Array.from({ length: MAX_SESSIONS }, session);
    const responses = await Promise.all(sessions.map((id) => summaryAs(ip, tenantId, cart(productId, id))));
    expect(responses.map((res) => res.status)).toEqual(Array(MAX_SESSIONS).fill(200));
    return sessions;
  };

  it(`keeps ${MAX_SESSIONS} live sessions of one IP in a shop, sent at once; a further one is 429 { message }`, async () => {
    const { tenant, espresso } = await shop();
    const ip = uniqueClientIp();
    const sessions = await fillSlots(ip, tenant.id, espresso.id);
    const refused = await summaryAs(ip, tenant.id, cart(espresso.id));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: expect.any(String) });
    expect(await storedSessions(tenant.id)).toHaveLength(MAX_SESSIONS);
    // Positive controls: a stored session is updated as often as needed, another client and the
    // same client in another shop each have their own sessions.
    expect(
      (await summaryAs(ip, tenant.id, { ...cart(espresso.id, sessions[1]), items: [{ product_id: espresso.id, quantity: 4 }] })).status,
    ).toBe(200);
    expect((await summaryAs(uniqueClientIp(), tenant.id, cart(espresso.id))).status).toBe(200);
    const other = await shop();
    expect((await summaryAs(ip, other.tenant.id, cart(other.espresso.id))).status).toBe(200);
  });

  it('keeps a session live 30 minutes and stored 2 hours after its last use; a lapsed slot takes a new session', async () => {
    const { tenant, espresso } = await shop();
    const ip = uniqueClientIp();
    const sessions = await fillSlots(ip, tenant.id, espresso.id);
    const sessionTtl = await storeTtlSeconds(t, `checkout:${tenant.id}:${sessions[0]}`);
    expect(sessionTtl).toBeGreaterThan(30 * 60);
    expect(sessionTtl).toBeLessThanOrEqual(2 * 3600);
    const slots = (await storeKeys(t, `checkout-client:${tenant.id}:*`)).sort();
    expect(slots).toHaveLength(MAX_SESSIONS);
    for (const slot of slots) expect(await storeTtlSeconds(t, slot)).toBeLessThanOrEqual(30 * 60);
    expect((await summaryAs(ip, tenant.id, cart(espresso.id))).status).toBe(429);
    // Thirty minutes without use (the slot's key lapsing) end a session's liveness, not the session.
    const lapsed = (await Promise.all(slots.map(async (slot) => ({ slot, owner: await t.get(KeyValueStore).get(slot) })))).find(
      (entry) => entry.owner === sessions[0],
    )!;
    await deleteStoreKeys(t, [lapsed.slot]);
    const newcomer = session();
    expect((await summaryAs(ip, tenant.id, cart(espresso.id, newcomer))).status).toBe(200);
    // The lapsed session is still stored, and is not refused when the shopper comes back to it.
    expect((await summaryAs(ip, tenant.id, cart(espresso.id, sessions[0]))).status).toBe(200);
    expect(await storedSessions(tenant.id)).toHaveLength(MAX_SESSIONS + 1);
  });

  it('never lets a refused session stop the coupon or the order', async () => {
    const { tenant, espresso } = await shop();
    await createCoupon(t, tenant.id, { code: 'TENOFF', value: '10' });
    const ip = uniqueClientIp();
    await fillSlots(ip, tenant.id, espresso.id);
    const refusedSession = session();
    expect((await summaryAs(ip, tenant.id, cart(espresso.id, refusedSession))).status).toBe(429);
    // The storefront then validates the coupon with the subtotal it shows.
    const coupon = await postAs(ip, 'validate-coupon', tenant.id, { session_id: refusedSession, code: 'TENOFF', cart_subtotal: 100 });
    expect(coupon.status).toBe(200);
    expect(coupon.body).toEqual({ valid: true, discount_amount: 10, coupon_type: 'percentage', code: 'TENOFF' });
    const order = await placeOrder(
      t,
      tenant.id,
      {
        ...orderBody([{ product_id: espresso.id, quantity: 1 }]),
        session_id: refusedSession,
        coupon_code: 'TENOFF',
      },
      { 'X-Forwarded-For': ip },
    );
    expect(order.status).toBe(201);
    expect(order.body.data).toEqual(expect.objectContaining({ subtotal: 100, discount_amount: 10 }));
  });

  it(`stores exactly ${MAX_SESSIONS} of ${FRESH} concurrent fresh sessions from one IP`, async () => {
    const { tenant, espresso } = await shop();
    const ip = uniqueClientIp();
    const responses = await Promise.all(Array.from({ length: FRESH }, () => summaryAs(ip, tenant.id, cart(espresso.id))));
    expect(responses.filter((res) => res.status === 200)).toHaveLength(MAX_SESSIONS);
    expect(responses.filter((res) => res.status === 429)).toHaveLength(FRESH - MAX_SESSIONS);
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
    // The client still has its other slots, and no more.
    const others = await Promise.all(Array.from({ length: MAX_SESSIONS - 1 }, () => summaryAs(ip, tenant.id, cart(espresso.id))));
    expect(others.map((res) => res.status)).toEqual(Array(MAX_SESSIONS - 1).fill(200));
    expect((await summaryAs(ip, tenant.id, cart(espresso.id))).status).toBe(429);
  });

  it('counts the addresses of one IPv6 /64 as one client', async () => {
    const { tenant, espresso } = await shop();
    const prefix = `2001:db8:${randomUUID().slice(0, 4)}:${randomUUID().slice(0, 4)}`;
    const first = await Promise.all(
      Array.from({ length: MAX_SESSIONS }, (_, i) => summaryAs(`${prefix}::${i + 1}`, tenant.id, cart(espresso.id))),
    );
    expect(first.map((res) => res.status)).toEqual(Array(MAX_SESSIONS).fill(200));
    expect((await summaryAs(`${prefix}::ffff`, tenant.id, cart(espresso.id))).status).toBe(429);
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
