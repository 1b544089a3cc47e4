import { createCoupon, createProduct, createShop, orderBody, stockOf } from '@test/support/commerce-factories';
import { placeOrder } from '@test/support/http-clients';
import { useTestApp } from '@test/support/test-app';
import { waitFor } from '@test/support/wait';

/**
 * An order decides its location, prices and coupon rules before its transaction, without locks,
 * and then again what can change meanwhile on the rows it has locked (products still active, the
 * stock, the coupon's state and limits). These cases change the rows while an order waits for
 * their locks (a merchant's transaction holds a product's lock, changes something and commits), so
 * the order's early reads are stale by the time it holds the locks: it must answer from the rows as
 * they are then, and a refused order must leave nothing behind.
 */
describe('POST /api/v1/orders: what changes while an order waits for its locks', () => {
  const t = useTestApp();

  /** Places the order while `change` runs in a transaction holding `productId`'s lock: the order queues behind it. */
  async function placeWhileLocked(productId: number, tenantId: string, body: Record<string, unknown>, change: string[]) {
    const merchant = t.db.createQueryRunner();
    await merchant.connect();
    try {
      await merchant.startTransaction();
      await merchant.query('SELECT id FROM products WHERE id = $1 FOR UPDATE', [productId]);
      // Sent now (a supertest request goes out when it is first awaited).
      const placing = placeOrder(t, tenantId, body).then((res) => res);
      await waitFor(
        async () =>
          (
            await t.db.query<unknown[]>(
              `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%products_locked%'`,
            )
          ).length > 0,
        { what: "the order's lock statement to wait" },
      );
      for (const sql of change) await merchant.query(sql);
      await merchant.commitTransaction();
      return await placing;
    } finally {
      if (merchant.isTransactionActive) await merchant.rollbackTransaction();
      await merchant.release();
    }
  }

  const orders = async (tenantId: string) =>
    (await t.db.query<Array<{ n: number }>>('SELECT count(*)::int AS n FROM orders WHERE tenant_id = $1', [tenantId]))[0].n;
  const timesUsed = async (couponId: string) =>
    (await t.db.query<Array<{ times_used: number }>>('SELECT times_used FROM coupons WHERE id = $1', [couponId]))[0].times_used;

  it('a coupon whose value changed is applied as it is now', async () => {
    const { tenant } = await createShop(t);
    const product = await createProduct(t, tenant.id, { price: '100.00', stock: 10 });
    const coupon = await createCoupon(t, tenant.id, { code: 'TEN', couponType: 'percentage', value: '10' });
    const res = await placeWhileLocked(product.id, tenant.id, { ...orderBody([{ product_id: product.id }]), coupon_code: 'TEN' }, [
      `UPDATE coupons SET value = 25 WHERE id = '${coupon.id}'`,
    ]);
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual(expect.objectContaining({ subtotal: 100, discount_amount: 25, total: 75 }));
    expect(await timesUsed(coupon.id)).toBe(1);
    expect(await stockOf(t, product.id)).toBe(9);
  });

  it('a coupon deactivated meanwhile: 422 on coupon_code, and nothing is taken', async () => {
    const { tenant } = await createShop(t);
    const product = await createProduct(t, tenant.id, { stock: 10 });
    const coupon = await createCoupon(t, tenant.id, { code: 'GONE' });
    const res = await placeWhileLocked(product.id, tenant.id, { ...orderBody([{ product_id: product.id }]), coupon_code: 'GONE' }, [
      `UPDATE coupons SET is_active = false WHERE id = '${coupon.id}'`,
    ]);
    expect(res.status).toBe(422);
    expect(res.body.errors.coupon_code).toEqual(['This coupon is not active.']);
    expect(await stockOf(t, product.id)).toBe(10);
    expect(await timesUsed(coupon.id)).toBe(0);
    expect(await orders(tenant.id)).toBe(0);
  });

  it('a coupon used up meanwhile: 422 usage limit', async () => {
    const { tenant } = await createShop(t);
    const product = await createProduct(t, tenant.id, { stock: 10 });
    const coupon = await createCoupon(t, tenant.id, { code: 'LIMITED', usageLimit: 2 });
    const res = await placeWhileLocked(product.id, tenant.id, { ...orderBody([{ product_id: product.id }]), coupon_code: 'LIMITED' }, [
      `UPDATE coupons SET times_used = 2 WHERE id = '${coupon.id}'`,
    ]);
    expect(res.status).toBe(422);
    expect(res.body.errors.coupon_code).toEqual(['This coupon has reached its usage limit.']);
    expect(await timesUsed(coupon.id)).toBe(2);
    expect(await stockOf(t, product.id)).toBe(10);
  });

  it('a coupon deleted meanwhile: 422, the code no longer exists', async () => {
    const { tenant } = await createShop(t);
    const product = await createProduct(t, tenant.id, { stock: 10 });
    const coupon = await createCoupon(t, tenant.id, { code: 'DELETED' });
    const res = await placeWhileLocked(product.id, tenant.id, { ...orderBody([{ product_id: product.id }]), coupon_code: 'DELETED' }, [
      `DELETE FROM coupons WHERE id = '${coupon.id}'`,
    ]);
    expect(res.status).toBe(422);
    expect(res.body.errors.coupon_code).toEqual(['This coupon code does not exist.']);
    expect(await orders(tenant.id)).toBe(0);
  });

  it('a product deactivated meanwhile: 422 on the item, nothing taken, no number used', async () => {
    const { tenant } = await createShop(t);
    const product = await createProduct(t, tenant.id, { stock: 10 });
    const other = await createProduct(t, tenant.id, { stock: 10 });
    const res = await placeWhileLocked(
      product.id,
      tenant.id,
      orderBody([
        { product_id: other.id, quantity: 1 },
        { product_id: product.id, quantity: 1 },
      ]),
      [`UPDATE products SET is_active = false WHERE id = ${product.id}`],
    );
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['items.1.product_id']);
    expect(await stockOf(t, other.id)).toBe(10);
    expect(await orders(tenant.id)).toBe(0);
    // The next order still gets the first number: the refused one took none.
    const next = await placeOrder(t, tenant.id, orderBody([{ product_id: other.id }]));
    expect(next.body.data.order_number).toBe('1001');
  });

  it('stock sold meanwhile: 422 naming what is left', async () => {
    const { tenant } = await createShop(t);
    const product = await createProduct(t, tenant.id, { stock: 10, name: 'Lamp' });
    const res = await placeWhileLocked(product.id, tenant.id, orderBody([{ product_id: product.id, quantity: 3 }]), [
      `UPDATE products SET stock = 2 WHERE id = ${product.id}`,
    ]);
    expect(res.status).toBe(422);
    expect(res.body.errors['items.0.quantity']).toEqual(['Only 2 of Lamp left in stock.']);
    expect(await stockOf(t, product.id)).toBe(2);
  });

  it('gives a once-per-customer coupon to exactly one of 8 concurrent orders of one customer', async () => {
    const { tenant } = await createShop(t);
    const product = await createProduct(t, tenant.id, { stock: 100 });
    const coupon = await createCoupon(t, tenant.id, { code: 'WELCOME', perCustomerLimit: 1 });
    const body = { ...orderBody([{ product_id: product.id }]), coupon_code: 'WELCOME', customer_email: 'same@example.com' };
    const responses = await Promise.all(Array.from({ length: 8 }, () => placeOrder(t, tenant.id, body)));
    expect(responses.filter((res) => res.status === 201)).toHaveLength(1);
    for (const res of responses.filter((r) => r.status !== 201)) {
      expect(res.status).toBe(422);
      expect(res.body.errors.coupon_code).toEqual(['You have already used this coupon.']);
    }
    expect(await timesUsed(coupon.id)).toBe(1);
    expect(await stockOf(t, product.id)).toBe(99);
  });
});
