import { randomUUID } from 'node:crypto';
import { createCoupon, createProduct, createShop, orderBody, stockOf } from '@test/support/commerce-factories';
import { authHeader, createTenantWithOwner, createUser } from '@test/support/factories';
import { placeOrder, uniqueClientIp } from '@test/support/http-clients';
import { useTestApp } from '@test/support/test-app';

describe('Checkout (spec 4.3, decisions §6)', () => {
  const t = useTestApp({ env: { INVENTORY_HOLD_MINUTES: '15' } });

  const shop = async () => (await createShop(t, { deliveryFee: '30.00' })).tenant;
  /** A shop selling one product with this much stock. */
  const stocked = async (stock: number) => {
    const tenant = await shop();
    return { tenant, product: await createProduct(t, tenant.id, { stock }) };
  };
  const session = () => `sess-${randomUUID()}`;
  const post = (path: string, tenantId: string | null, body: Record<string, unknown>) => {
    const req = t.http().post(`/api/v1/checkout/${path}`);
    if (tenantId) req.set('X-Tenant-ID', tenantId);
    return req.send(body);
  };
  /** The status of holding `quantity` of one product for a session. */
  const hold = async (tenantId: string, productId: number, quantity: number, sessionId = session()) =>
    (await post('hold-inventory', tenantId, { items: [{ product_id: productId, quantity }], session_id: sessionId })).status;

  describe('hold-inventory', () => {
    it('holds stock for a session and reports when it expires', async () => {
      const { tenant, product } = await stocked(5);
      const sessionId = session();
      const res = await post('hold-inventory', tenant.id, { items: [{ product_id: product.id, quantity: 2 }], session_id: sessionId });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: expect.any(String), session_id: sessionId, expires_at: expect.any(String) });
      const minutes = (new Date(res.body.expires_at).getTime() - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(14);
      expect(minutes).toBeLessThanOrEqual(15);
    });

    it('lets exactly 3 of 10 concurrent one-unit holds through on a stock of 3', async () => {
      const { tenant, product } = await stocked(3);
      // Ten shoppers, each from its own address (one address may hold only a few sessions at a time).
      const responses = await Promise.all(
        Array.from({ length: 10 }, () =>
          post('hold-inventory', tenant.id, { items: [{ product_id: product.id, quantity: 1 }], session_id: session() }).set(
            'X-Forwarded-For',
            uniqueClientIp(),
          ),
        ),
      );
      expect(responses.filter((res) => res.status === 200)).toHaveLength(3);
      const refused = responses.filter((res) => res.status === 409);
      expect(refused).toHaveLength(7);
      for (const res of refused) expect(res.body).toEqual({ success: false, message: expect.any(String), product_id: product.id });
      // Holding is not selling.
      expect(await stockOf(t, product.id)).toBe(3);
    });

    it('never promises a unit twice when 10 holds and 10 orders race for the last 5', async () => {
      const { tenant, product } = await stocked(5);
      const [holds, orders] = await Promise.all([
        Promise.all(
          Array.from({ length: 10 }, () =>
            post('hold-inventory', tenant.id, { items: [{ product_id: product.id, quantity: 1 }], session_id: session() }).set(
              'X-Forwarded-For',
              uniqueClientIp(),
            ),
          ),
        ),
        Promise.all(Array.from({ length: 10 }, () => placeOrder(t, tenant.id, orderBody([{ product_id: product.id }])))),
      ]);
      const held = holds.filter((res) => res.status === 200).length;
      const sold = orders.filter((res) => res.status === 201).length;
      expect(holds.filter((res) => res.status !== 200).map((res) => res.status)).toEqual(Array(10 - held).fill(409));
      expect(orders.filter((res) => res.status !== 201).map((res) => res.status)).toEqual(Array(10 - sold).fill(422));
      // Every unit is either sold or held, none both: an order never takes a unit a hold that
      // committed while it waited for the product's lock was promised.
      expect(held + sold).toBe(5);
      expect(await stockOf(t, product.id)).toBe(5 - sold);
      const [live] = await t.db.query('SELECT coalesce(sum(quantity), 0)::int AS n FROM inventory_holds WHERE product_id = $1', [
        product.id,
      ]);
      expect(live.n).toBe(held);
    });

    it('replaces a session’s hold with its new one', async () => {
      const { tenant, product } = await stocked(3);
      const sessionId = session();
      expect(await hold(tenant.id, product.id, 3, sessionId)).toBe(200);
      expect(await hold(tenant.id, product.id, 2, sessionId)).toBe(200);
      expect(await hold(tenant.id, product.id, 1)).toBe(200);
      expect(await hold(tenant.id, product.id, 1)).toBe(409);
    });

    it('stops counting expired holds without any sweeper', async () => {
      const { tenant, product } = await stocked(1);
      const first = session();
      expect(await hold(tenant.id, product.id, 1, first)).toBe(200);
      expect(await hold(tenant.id, product.id, 1)).toBe(409);
      await t.db.query(`UPDATE inventory_holds SET expires_at = now() - interval '1 second' WHERE session_id = $1`, [first]);
      expect(await hold(tenant.id, product.id, 1)).toBe(200);
    });

    it('keeps held stock from other shoppers’ orders, and converts the session’s hold into its order', async () => {
      const { tenant, product } = await stocked(2);
      const sessionId = session();
      expect(await hold(tenant.id, product.id, 2, sessionId)).toBe(200);
      const stranger = await placeOrder(t, tenant.id, orderBody([{ product_id: product.id }]));
      expect(stranger.status).toBe(422);
      expect(stranger.body.errors['items.0.quantity'][0]).toMatch(/out of stock/);
      const holder = await placeOrder(t, tenant.id, orderBody([{ product_id: product.id, quantity: 2 }], { session_id: sessionId }));
      expect(holder.status).toBe(201);
      expect(await stockOf(t, product.id)).toBe(0);
      const [holds] = await t.db.query('SELECT count(*)::int AS n FROM inventory_holds WHERE session_id = $1', [sessionId]);
      expect(holds.n).toBe(0);
    });

    it('answers 400 without a resolvable tenant or an active primary location', async () => {
      const tenant = await shop();
      const product = await createProduct(t, tenant.id);
      const body = { items: [{ product_id: product.id, quantity: 1 }] };
      const missing = await post('hold-inventory', null, body);
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({ message: expect.any(String), success: false });
      expect((await post('hold-inventory', randomUUID(), body)).status).toBe(400);
      const { tenant: bare } = await createTenantWithOwner(t);
      const bareProduct = await createProduct(t, bare.id);
      const noLocation = await post('hold-inventory', bare.id, { items: [{ product_id: bareProduct.id, quantity: 1 }] });
      expect(noLocation.status).toBe(400);
      expect(noLocation.body.message).toMatch(/primary location/);
    });

    it.each([
      [{ items: 'all of them' }, 'items'],
      [{ items: [] }, 'items'],
      [{ items: [{ product_id: 1 }] }, 'items.0.quantity'],
      [{ items: [{ quantity: 1 }] }, 'items.0.product_id'],
      [{ items: [{ product_id: 1, quantity: 1 }], location_id: 'x' }, 'location_id'],
    ])('answers 422 for an invalid items structure %o', async (body, field) => {
      const tenant = await shop();
      const res = await post('hold-inventory', tenant.id, body);
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toContain(field);
    });
  });

  describe('release-inventory', () => {
    const released = { success: true, message: 'Inventory released.' };

    it('ends the session’s hold: its units are available again at once', async () => {
      const { tenant, product } = await stocked(3);
      const leaving = session();
      expect(await hold(tenant.id, product.id, 3, leaving)).toBe(200);
      expect(await hold(tenant.id, product.id, 1)).toBe(409);
      const res = await post('release-inventory', tenant.id, { session_id: leaving });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(released);
      expect(await hold(tenant.id, product.id, 3)).toBe(200);
      // Releasing never touches the stock itself.
      expect(await stockOf(t, product.id)).toBe(3);
    });

    it('answers 200 when the session holds nothing, and leaves other sessions’ holds alone', async () => {
      const { tenant, product } = await stocked(2);
      const keeper = session();
      expect(await hold(tenant.id, product.id, 2, keeper)).toBe(200);
      const res = await post('release-inventory', tenant.id, { session_id: session() });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(released);
      // The same session id in another shop is another session.
      const elsewhere = await shop();
      expect((await post('release-inventory', elsewhere.id, { session_id: keeper })).body).toEqual(released);
      expect(await hold(tenant.id, product.id, 1)).toBe(409);
    });

    it('takes a text/plain body holding the JSON (navigator.sendBeacon), the shop named in it', async () => {
      const { tenant, product } = await stocked(1);
      const leaving = session();
      expect(await hold(tenant.id, product.id, 1, leaving)).toBe(200);
      const res = await t
        .http()
        .post('/api/v1/checkout/release-inventory')
        .set('Content-Type', 'text/plain;charset=UTF-8')
        .send(JSON.stringify({ session_id: leaving, tenant_id: tenant.id }));
      expect(res.status).toBe(200);
      expect(res.body).toEqual(released);
      expect(await hold(tenant.id, product.id, 1)).toBe(200);
    });

    it('answers 422 without a session id or a resolvable shop', async () => {
      const tenant = await shop();
      const noSession = await post('release-inventory', tenant.id, {});
      expect(noSession.status).toBe(422);
      expect(noSession.body.errors).toHaveProperty('session_id');
      const noShop = await post('release-inventory', null, { session_id: session() });
      expect(noShop.status).toBe(422);
      expect(noShop.body.errors).toHaveProperty('tenant_id');
    });

    it('leaves the stock exact when a release races holds and a renewal of the same session', async () => {
      const { tenant, product } = await stocked(6);
      const leaving = session();
      const holdAs = (ip: string, sessionId: string, quantity: number) =>
        post('hold-inventory', tenant.id, { items: [{ product_id: product.id, quantity }], session_id: sessionId }).set(
          'X-Forwarded-For',
          ip,
        );
      // One client holds at most half the stock (3 of 6).
      expect((await holdAs(uniqueClientIp(), leaving, 3)).status).toBe(200);
      const [release, renewal, ...holds] = await Promise.all([
        post('release-inventory', tenant.id, { session_id: leaving }),
        holdAs(uniqueClientIp(), leaving, 2),
        ...Array.from({ length: 8 }, () => holdAs(uniqueClientIp(), session(), 1)),
      ]);
      expect(release.status).toBe(200);
      expect([200, 409]).toContain(renewal.status);
      for (const res of holds) expect([200, 409]).toContain(res.status);
      const heldBy = async (condition: string, value: number | string) => {
        const [row] = await t.db.query(
          `SELECT coalesce(sum(quantity), 0)::int AS n FROM inventory_holds WHERE ${condition} = $1 AND expires_at > now()`,
          [value],
        );
        return row.n as number;
      };
      // The leaving session's hold stands only if its renewal committed after the release.
      const leavingHeld = await heldBy('session_id', leaving);
      expect(renewal.status === 200 ? [0, 2] : [0]).toContain(leavingHeld);
      // Every unit held is a hold that answered 200 and still stands, never more than the stock.
      const live = await heldBy('product_id', product.id);
      expect(live).toBe(holds.filter((res) => res.status === 200).length + leavingHeld);
      expect(live).toBeLessThanOrEqual(6);
      expect(await stockOf(t, product.id)).toBe(6);
      // What is left is exactly what can still be held.
      const rest = await Promise.all(Array.from({ length: 6 - live }, () => holdAs(uniqueClientIp(), session(), 1)));
      expect(rest.map((res) => res.status)).toEqual(Array(6 - live).fill(200));
      expect((await holdAs(uniqueClientIp(), session(), 1)).status).toBe(409);
    });
  });

  describe('cart-summary, validate-coupon, remove-coupon', () => {
    it('synchronizes the cart, remembers the signed-in user, and validates a coupon against the stored subtotal', async () => {
      const tenant = await shop();
      const product = await createProduct(t, tenant.id, { price: '40.25' });
      await createCoupon(t, tenant.id, { code: 'HALF', value: '50', perCustomerLimit: 1 });
      const { token } = await createUser(t);
      const sessionId = session();
      const summary = await t
        .http()
        .post('/api/v1/checkout/cart-summary')
        .set('X-Tenant-ID', tenant.id)
        .set(authHeader(token))
        .send({ session_id: sessionId, items: [{ product_id: product.id, quantity: 2 }], subtotal: 80.5 });
      expect(summary.status).toBe(200);
      expect(summary.body).toEqual({ success: true, message: 'Cart synchronized successfully', subtotal: 80.5 });

      const valid = await post('validate-coupon', tenant.id, { session_id: sessionId, code: 'half' });
      expect(valid.status).toBe(200);
      expect(valid.body).toEqual({ valid: true, discount_amount: 40.25, coupon_type: 'percentage', code: 'HALF' });
      const removed = await post('remove-coupon', tenant.id, { session_id: sessionId });
      expect(removed.body).toEqual({ success: true, message: 'Coupon removed.' });
    });

    it('ignores an invalid token on cart-summary (auth is optional)', async () => {
      const tenant = await shop();
      const res = await t
        .http()
        .post('/api/v1/checkout/cart-summary')
        .set('X-Tenant-ID', tenant.id)
        .set('Authorization', 'Bearer 1|wrong')
        .send({ session_id: session(), items: [], subtotal: 0 });
      expect(res.status).toBe(200);
    });

    it('rejects a coupon as coupons/verify does', async () => {
      const tenant = await shop();
      await createCoupon(t, tenant.id, { code: 'OLD', expiresAt: new Date(Date.now() - 1000) });
      const res = await post('validate-coupon', tenant.id, { session_id: session(), code: 'OLD', cart_subtotal: 100 });
      expect(res.status).toBe(422);
      expect(res.body).toEqual(expect.objectContaining({ valid: false, error: expect.any(String), error_code: 'expired' }));
    });

    it('needs a subtotal when the cart was never synchronized, and a resolvable shop', async () => {
      const tenant = await shop();
      await createCoupon(t, tenant.id, { code: 'ANY' });
      const res = await post('validate-coupon', tenant.id, { session_id: session(), code: 'ANY' });
      expect(res.status).toBe(422);
      expect(res.body.errors).toHaveProperty('cart_subtotal');
      const noShop = await post('cart-summary', null, { session_id: session(), items: [], subtotal: 1 });
      expect(noShop.status).toBe(422);
      expect(noShop.body.errors).toHaveProperty('tenant_id');
      const shortSession = await post('remove-coupon', tenant.id, { session_id: 'short' });
      expect(shortSession.status).toBe(422);
      expect(shortSession.body.errors).toHaveProperty('session_id');
    });
  });
});
