import { createCoupon, createProduct, createShop, orderBody, stockOf } from '@test/support/commerce-factories';
import { authHeader } from '@test/support/factories';
import { placeOrder } from '@test/support/http-clients';
import { useTestApp } from '@test/support/test-app';

/** `expected_total` on POST /api/v1/orders: the total the shopper saw is the one charged (docs/commerce.md). */
describe('POST /api/v1/orders with expected_total', () => {
  const t = useTestApp();

  async function shopWithShirt(price = '28.50') {
    const shop = await createShop(t, { deliveryFee: '40.00' });
    const shirt = await createProduct(t, shop.tenant.id, { price, stock: 10, name: 'Camisa' });
    return { ...shop, shirt };
  }

  /** What an order attempt left in the shop: its orders, their lines, OrderPlaced rows, the stock and the coupon's uses. */
  async function traces(tenantId: string, productId: number, couponId?: string) {
    const [orders] = await t.db.query('SELECT count(*)::int AS n FROM orders WHERE tenant_id = $1', [tenantId]);
    const [items] = await t.db.query('SELECT count(*)::int AS n FROM order_items WHERE product_id = $1', [productId]);
    const [outbox] = await t.db.query(`SELECT count(*)::int AS n FROM outbox_events WHERE event_type = 'OrderPlaced' AND tenant_id = $1`, [
      tenantId,
    ]);
    const coupon = couponId ? (await t.db.query('SELECT times_used FROM coupons WHERE id = $1', [couponId]))[0].times_used : null;
    return { orders: orders.n, items: items.n, outbox: outbox.n, stock: await stockOf(t, productId), couponUses: coupon };
  }

  it('places the order when expected_total is the total it has (lines, coupon and delivery fee)', async () => {
    const { tenant, shirt } = await shopWithShirt();
    await createCoupon(t, tenant.id, { code: 'SAVE10', couponType: 'percentage', value: '10' });
    const res = await placeOrder(t, tenant.id, {
      ...orderBody([{ product_id: shirt.id, quantity: 2 }]),
      delivery_type: 'delivery',
      coupon_code: 'SAVE10',
      // 2 × 28.50 = 57.00, less 10 % = 51.30, plus 40.00 delivery.
      expected_total: 91.3,
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual(expect.objectContaining({ subtotal: 57, discount_amount: 5.7, delivery_fee: 40, total: 91.3 }));
  });

  it('answers 409 price_changed with the current total after the merchant changed a price, and takes nothing', async () => {
    const { tenant, token, shirt } = await shopWithShirt();
    const coupon = await createCoupon(t, tenant.id, { code: 'SAVE10', couponType: 'percentage', value: '10' });
    const repriced = await t.http().patch(`/api/v1/merchant/products/${shirt.id}`).set(authHeader(token)).send({ price: 32 });
    expect(repriced.status).toBe(200);
    const before = await traces(tenant.id, shirt.id, coupon.id);

    const body = { ...orderBody([{ product_id: shirt.id, quantity: 2 }]), coupon_code: 'SAVE10', expected_total: 51.3 };
    const res = await placeOrder(t, tenant.id, body);
    expect(res.status).toBe(409);
    // 2 × 32.00 = 64.00, less 10 %.
    expect(res.body).toEqual({ message: expect.stringContaining('57.60'), code: 'price_changed', total: 57.6 });
    expect(await traces(tenant.id, shirt.id, coupon.id)).toEqual(before);

    // The shopper, shown the new total, places the order at it.
    const again = await placeOrder(t, tenant.id, { ...body, expected_total: 57.6 });
    expect(again.status).toBe(201);
    expect(again.body.data).toEqual(expect.objectContaining({ total: 57.6, items: [expect.objectContaining({ price: 32, quantity: 2 })] }));
    expect(await traces(tenant.id, shirt.id, coupon.id)).toEqual({ orders: 1, items: 1, outbox: 1, stock: 8, couponUses: 1 });
  });

  it('refuses an expected_total that is not a money amount with 422 on the field', async () => {
    const { tenant, shirt } = await shopWithShirt();
    for (const expected of ['28.50', -1, 1.005, 1e-7, 10_000_000_000, null]) {
      const res = await placeOrder(t, tenant.id, { ...orderBody([{ product_id: shirt.id }]), expected_total: expected });
      expect({ expected, status: res.status, fields: Object.keys(res.body.errors ?? {}) }).toEqual({
        expected,
        status: 422,
        fields: ['expected_total'],
      });
    }
    expect(await traces(tenant.id, shirt.id)).toEqual({ orders: 0, items: 0, outbox: 0, stock: 10, couponUses: null });
  });

  it('keeps an idempotent replay a replay after the price changed', async () => {
    const { tenant, token, shirt } = await shopWithShirt();
    const body = { ...orderBody([{ product_id: shirt.id }]), expected_total: 28.5 };
    const first = await placeOrder(t, tenant.id, body, { 'Idempotency-Key': 'expected-total-replay' });
    expect(first.status).toBe(201);
    await t.http().patch(`/api/v1/merchant/products/${shirt.id}`).set(authHeader(token)).send({ price: 32 }).expect(200);

    const replay = await placeOrder(t, tenant.id, body, { 'Idempotency-Key': 'expected-total-replay' });
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.data).toEqual(expect.objectContaining({ id: first.body.data.id, total: 28.5 }));
    expect(await traces(tenant.id, shirt.id)).toEqual({ orders: 1, items: 1, outbox: 1, stock: 9, couponUses: null });
  });

  it('charges every placed order the total its shopper sent while the price changes among parallel orders', async () => {
    const { tenant, token, shirt } = await shopWithShirt('20.00');
    await t.db.query('UPDATE products SET stock = 100 WHERE id = $1', [shirt.id]);
    const attempt = () => placeOrder(t, tenant.id, { ...orderBody([{ product_id: shirt.id }]), expected_total: 20 });
    const [early, change, late] = await Promise.all([
      Promise.all(Array.from({ length: 15 }, attempt)),
      t.http().patch(`/api/v1/merchant/products/${shirt.id}`).set(authHeader(token)).send({ price: 25 }),
      Promise.all(Array.from({ length: 15 }, attempt)),
    ]);
    expect(change.status).toBe(200);
    // After the change has committed, the old total is refused for certain.
    const after = await Promise.all(Array.from({ length: 5 }, attempt));
    const responses = [...early, ...late, ...after];

    const placed = responses.filter((res) => res.status === 201);
    const refused = responses.filter((res) => res.status === 409);
    expect(placed.length + refused.length).toBe(responses.length);
    for (const res of placed)
      expect(res.body.data).toEqual(expect.objectContaining({ total: 20, items: [expect.objectContaining({ price: 20 })] }));
    for (const res of refused) expect(res.body).toEqual({ message: expect.any(String), code: 'price_changed', total: 25 });
    for (const res of after) expect(res.status).toBe(409);

    const [stored] = await t.db.query(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE total <> 20.00)::int AS other FROM orders WHERE tenant_id = $1`,
      [tenant.id],
    );
    expect(stored).toEqual({ n: placed.length, other: 0 });
    expect(await stockOf(t, shirt.id)).toBe(100 - placed.length);
  });
});
