import { createCoupon, createProduct, createShop, orderBody, stockOf } from '@test/support/commerce-factories';
import { createTenantWithOwner } from '@test/support/factories';
import { placeOrder, rateLimitOf, uniqueClientIp } from '@test/support/http-clients';
import { useTestApp } from '@test/support/test-app';
import { TEST_RATE_LIMITS } from '@test/support/test-env';

describe('POST /api/v1/orders (spec 4.2, decisions §5)', () => {
  const t = useTestApp();

  const shop = (options: { deliveryFee?: string } = {}) => createShop(t, options);
  const place = (tenantId: string, body: Record<string, unknown>) => placeOrder(t, tenantId, body);

  it('places an order priced from the catalog, numbered from 1001, with an OrderPlaced outbox row', async () => {
    const { tenant, location } = await shop();
    const shirt = await createProduct(t, tenant.id, { price: '199.90', stock: 10, name: 'Shirt' });
    const mug = await createProduct(t, tenant.id, { price: '50.05', stock: null, name: 'Mug' });
    const res = await place(tenant.id, {
      ...orderBody([{ product_id: shirt.id, quantity: 2 }, { product_id: mug.id }]),
      delivery_type: 'delivery',
      customer_email: 'Ana@Example.com',
      payment_method: 'cash',
      items: [
        { product_id: shirt.id, quantity: 2, price: 0.01, name: 'free shirt?' },
        { product_id: mug.id, quantity: 1 },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(`/api/v1/orders/${res.body.data.id}`);
    expect(res.body.data).toEqual(
      expect.objectContaining({
        id: expect.any(Number),
        order_number: '1001',
        status: 'pending',
        payment_status: 'unpaid',
        paid_at: null,
        customer_email: 'ana@example.com',
        delivery_type: 'delivery',
        payment_method: 'cash',
        location_id: location.id,
        items: [
          { product_id: shirt.id, name: 'Shirt', price: 199.9, quantity: 2, line_total: 399.8 },
          { product_id: mug.id, name: 'Mug', price: 50.05, quantity: 1, line_total: 50.05 },
        ],
        subtotal: 449.85,
        discount_amount: 0,
        delivery_fee: 50,
        total: 499.85,
        currency: 'HNL',
      }),
    );
    expect(await stockOf(t, shirt.id)).toBe(8);
    expect(await stockOf(t, mug.id)).toBeNull();
    const [event] = await t.db.query(
      `SELECT event_type, tenant_id, payload FROM outbox_events WHERE event_type = 'OrderPlaced' AND payload->>'order_id' = $1`,
      [String(res.body.data.id)],
    );
    expect(event).toEqual({
      event_type: 'OrderPlaced',
      tenant_id: tenant.id,
      payload: { order_id: res.body.data.id, order_number: '1001', customer_name: 'Ana López', total: '499.85', currency: 'HNL' },
    });
    const second = await place(tenant.id, orderBody([{ product_id: mug.id }]));
    expect(second.body.data.order_number).toBe('1002');
    expect(second.body.data.payment_method).toBe('pending');
    expect(second.body.data.delivery_fee).toBe(0);
  });

  it('finds the shop by X-Tenant-Slug or a body tenant_id', async () => {
    const { tenant } = await shop();
    const product = await createProduct(t, tenant.id);
    const bySlug = await placeOrder(t, null, orderBody([{ product_id: product.id }]), { 'X-Tenant-Slug': tenant.slug });
    expect(bySlug.status).toBe(201);
    const byBody = await placeOrder(t, null, orderBody([{ product_id: product.id }], { tenant_id: tenant.id }));
    expect(byBody.status).toBe(201);
  });

  it.each([
    [{ customer_name: undefined }, 'customer_name'],
    [{ customer_name: 'x'.repeat(256) }, 'customer_name'],
    [{ customer_phone: '1'.repeat(21) }, 'customer_phone'],
    [{ customer_address: 'x'.repeat(501) }, 'customer_address'],
    [{ customer_notes: 'x'.repeat(1001) }, 'customer_notes'],
    [{ delivery_type: 'drone' }, 'delivery_type'],
    [{ payment_method: 'barter' }, 'payment_method'],
    [{ items: [] }, 'items'],
    [{ items: [{ product_id: 'one', quantity: 1 }] }, 'items.0.product_id'],
    [{ items: [{ product_id: 1, quantity: 0 }] }, 'items.0.quantity'],
    [{ location_id: 'nope' }, 'location_id'],
    [{ price_override: 1 }, 'price_override'],
  ])('refuses %o with 422', async (override, field) => {
    const { tenant } = await shop();
    const product = await createProduct(t, tenant.id);
    const res = await place(tenant.id, { ...orderBody([{ product_id: product.id }]), ...override });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toContain(field);
  });

  it('refuses products of another shop, inactive products, and an unknown shop', async () => {
    const { tenant } = await shop();
    const other = await shop();
    const theirs = await createProduct(t, other.tenant.id);
    const inactive = await createProduct(t, tenant.id, { isActive: false });
    const res = await place(tenant.id, orderBody([{ product_id: theirs.id }, { product_id: inactive.id }, { product_id: 999999999 }]));
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['items.0.product_id', 'items.1.product_id', 'items.2.product_id']);
    const unknownShop = await placeOrder(t, null, orderBody([{ product_id: theirs.id }]));
    expect(unknownShop.status).toBe(422);
    expect(unknownShop.body.errors).toHaveProperty('tenant_id');
  });

  it('refuses an order when the shop has no active primary location', async () => {
    const { tenant } = await createTenantWithOwner(t);
    const product = await createProduct(t, tenant.id);
    const res = await place(tenant.id, orderBody([{ product_id: product.id }]));
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty('location_id');
  });

  it('refuses more than the stock, on the item, and takes nothing', async () => {
    const { tenant } = await shop();
    const product = await createProduct(t, tenant.id, { stock: 2 });
    const res = await place(tenant.id, orderBody([{ product_id: product.id, quantity: 3 }]));
    expect(res.status).toBe(422);
    expect(res.body.errors['items.0.quantity'][0]).toMatch(/Only 2/);
    expect(await stockOf(t, product.id)).toBe(2);
  });

  it('applies a coupon upper-cased, and a free-shipping coupon zeroes the delivery fee', async () => {
    const { tenant } = await shop({ deliveryFee: '80.00' });
    const product = await createProduct(t, tenant.id, { price: '200.00' });
    await createCoupon(t, tenant.id, { code: 'SAVE10', couponType: 'percentage', value: '10' });
    await createCoupon(t, tenant.id, { code: 'SHIPFREE', couponType: 'free_shipping', value: '0' });
    const percent = await place(tenant.id, {
      ...orderBody([{ product_id: product.id }]),
      coupon_code: 'save10',
      delivery_type: 'delivery',
    });
    expect(percent.body.data).toEqual(
      expect.objectContaining({ coupon_code: 'SAVE10', subtotal: 200, discount_amount: 20, delivery_fee: 80, total: 260 }),
    );
    const free = await place(tenant.id, { ...orderBody([{ product_id: product.id }]), coupon_code: 'shipfree', delivery_type: 'delivery' });
    expect(free.body.data).toEqual(expect.objectContaining({ discount_amount: 0, delivery_fee: 0, total: 200 }));
  });

  it('refuses a rejected coupon with its sentence on coupon_code', async () => {
    const { tenant } = await shop();
    const product = await createProduct(t, tenant.id, { price: '10.00', stock: 5 });
    await createCoupon(t, tenant.id, { code: 'BIGSPEND', minSpend: '500.00' });
    const res = await place(tenant.id, { ...orderBody([{ product_id: product.id }]), coupon_code: 'BIGSPEND' });
    expect(res.status).toBe(422);
    expect(res.body.errors.coupon_code[0]).toMatch(/at least 500/);
    expect(await stockOf(t, product.id)).toBe(5);
    const missing = await place(tenant.id, { ...orderBody([{ product_id: product.id }]), coupon_code: 'NOPE' });
    expect(missing.body.errors.coupon_code[0]).toMatch(/does not exist/);
  });

  it('counts per-customer coupon use by email', async () => {
    const { tenant } = await shop();
    const product = await createProduct(t, tenant.id);
    await createCoupon(t, tenant.id, { code: 'ONCE', perCustomerLimit: 1 });
    const body = { ...orderBody([{ product_id: product.id }]), coupon_code: 'ONCE', customer_email: 'repeat@example.com' };
    expect((await place(tenant.id, body)).status).toBe(201);
    const again = await place(tenant.id, { ...body, customer_email: 'REPEAT@example.com' });
    expect(again.status).toBe(422);
    expect(again.body.errors.coupon_code[0]).toMatch(/already used/);
    expect((await place(tenant.id, { ...body, customer_email: 'someone-else@example.com' })).status).toBe(201);
  });

  it('takes a coupon off the cached public list as soon as an order uses it up', async () => {
    const { tenant } = await shop();
    const product = await createProduct(t, tenant.id);
    await createCoupon(t, tenant.id, { code: 'LASTONE', usageLimit: 1, isPublic: true });
    const listed = async () =>
      (await t.http().get(`/api/v1/coupons?tenant_id=${tenant.id}`)).body.data.map((coupon: { code: string }) => coupon.code);
    expect(await listed()).toEqual(['LASTONE']);
    expect((await place(tenant.id, { ...orderBody([{ product_id: product.id }]), coupon_code: 'LASTONE' })).status).toBe(201);
    expect(await listed()).toEqual([]);
  });

  it('is counted in the transactions group, not in api', async () => {
    const { tenant } = await shop();
    const product = await createProduct(t, tenant.id);
    const ip = uniqueClientIp();
    const limit = TEST_RATE_LIMITS.transactions;
    const order = () => placeOrder(t, tenant.id, orderBody([{ product_id: product.id }]), { 'X-Forwarded-For': ip });
    expect(rateLimitOf(await order())).toEqual({ limit, remaining: limit - 1 });
    // Refused by validation, and still counted.
    const refused = await placeOrder(t, tenant.id, { items: [] }, { 'X-Forwarded-For': ip });
    expect(refused.status).toBe(422);
    expect(rateLimitOf(refused)).toEqual({ limit, remaining: limit - 2 });
    const listed = await t.http().get('/api/v1/coupons').set('X-Forwarded-For', ip).query({ tenant_id: tenant.id });
    expect(rateLimitOf(listed)).toEqual({ limit: TEST_RATE_LIMITS.api, remaining: TEST_RATE_LIMITS.api - 1 });
    expect(rateLimitOf(await order())).toEqual({ limit, remaining: limit - 3 });
  });

  describe('amounts beyond numeric(12,2) (decisions §15)', () => {
    const MAX = '9999999999.99';
    const ordersOf = async (tenantId: string) =>
      (await t.db.query('SELECT count(*)::int AS n FROM orders WHERE tenant_id = $1', [tenantId]))[0].n as number;

    it('refuses a line whose total is too large with 422 on its quantity', async () => {
      const { tenant } = await shop();
      const cheap = await createProduct(t, tenant.id, { price: '1.00', stock: null });
      const dear = await createProduct(t, tenant.id, { price: '9000000000.00', stock: null });
      const res = await place(tenant.id, orderBody([{ product_id: cheap.id }, { product_id: dear.id, quantity: 2 }]));
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['items.1.quantity']);
      expect(res.body.errors['items.1.quantity'][0]).toMatch(/too large/);
      expect(await ordersOf(tenant.id)).toBe(0);
    });

    it('refuses lines whose sum is too large with 422 on items', async () => {
      const { tenant } = await shop();
      const dear = await createProduct(t, tenant.id, { price: '6000000000.00', stock: null });
      const also = await createProduct(t, tenant.id, { price: '6000000000.00', stock: null });
      const res = await place(tenant.id, orderBody([{ product_id: dear.id }, { product_id: also.id }]));
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['items']);
      expect(await ordersOf(tenant.id)).toBe(0);
    });

    it('refuses a delivery whose fee takes the total beyond the largest amount with 422 on delivery_type', async () => {
      const { tenant } = await shop({ deliveryFee: '50.00' });
      const dearest = await createProduct(t, tenant.id, { price: MAX, stock: 5 });
      const res = await place(tenant.id, orderBody([{ product_id: dearest.id }], { delivery_type: 'delivery' }));
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['delivery_type']);
      expect(await ordersOf(tenant.id)).toBe(0);
      expect(await stockOf(t, dearest.id)).toBe(5);

      // The same order picked up fits exactly.
      const pickup = await place(tenant.id, orderBody([{ product_id: dearest.id }]));
      expect(pickup.status).toBe(201);
      expect(pickup.body.data.total).toBe(9999999999.99);
    });
  });

  describe('under concurrency', () => {
    it('sells exactly the stock to 40 concurrent orders for 5 units', async () => {
      const { tenant } = await shop();
      const product = await createProduct(t, tenant.id, { stock: 5 });
      const responses = await Promise.all(Array.from({ length: 40 }, () => place(tenant.id, orderBody([{ product_id: product.id }]))));
      const statuses = responses.map((res) => res.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(5);
      expect(statuses.filter((status) => status === 422)).toHaveLength(35);
      expect(await stockOf(t, product.id)).toBe(0);
      const [sold] = await t.db.query('SELECT coalesce(sum(quantity), 0)::int AS n FROM order_items WHERE product_id = $1', [product.id]);
      expect(sold.n).toBe(5);
    });

    it('numbers 30 concurrent orders of one shop 1001..1030 without gaps or repeats', async () => {
      const { tenant } = await shop();
      const product = await createProduct(t, tenant.id, { stock: null });
      // A few invalid orders in the mix must not consume numbers.
      const responses = await Promise.all([
        ...Array.from({ length: 30 }, () => place(tenant.id, orderBody([{ product_id: product.id }]))),
        ...Array.from({ length: 5 }, () => place(tenant.id, orderBody([{ product_id: 999999999 }]))),
      ]);
      const numbers = responses.filter((res) => res.status === 201).map((res) => Number(res.body.data.order_number));
      expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => 1001 + i));
    });

    it('gives a coupon limited to 3 uses to exactly 3 of 10 concurrent orders', async () => {
      const { tenant } = await shop();
      const product = await createProduct(t, tenant.id, { stock: null, price: '100.00' });
      const coupon = await createCoupon(t, tenant.id, { code: 'THREE', couponType: 'fixed', value: '15.00', usageLimit: 3 });
      const responses = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          place(tenant.id, { ...orderBody([{ product_id: product.id }]), coupon_code: 'THREE', customer_email: `c${i}@example.com` }),
        ),
      );
      const discounted = responses.filter((res) => res.status === 201);
      expect(discounted).toHaveLength(3);
      for (const res of discounted) expect(res.body.data.discount_amount).toBe(15);
      for (const res of responses.filter((r) => r.status !== 201)) expect(res.body.errors.coupon_code[0]).toMatch(/usage limit/);
      const [row] = await t.db.query('SELECT times_used FROM coupons WHERE id = $1', [coupon.id]);
      expect(row.times_used).toBe(3);
    });

    it('does not deadlock when carts lock the same products in opposite orders', async () => {
      const { tenant } = await shop();
      const a = await createProduct(t, tenant.id, { stock: 1000 });
      const b = await createProduct(t, tenant.id, { stock: 1000 });
      const responses = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          place(tenant.id, orderBody(i % 2 ? [{ product_id: a.id }, { product_id: b.id }] : [{ product_id: b.id }, { product_id: a.id }])),
        ),
      );
      expect(responses.map((res) => res.status)).toEqual(Array(30).fill(201));
      expect(await stockOf(t, a.id)).toBe(970);
      expect(await stockOf(t, b.id)).toBe(970);
    });

    it('does not deadlock when carts in opposite orders all use one coupon, and counts every use', async () => {
      const { tenant } = await shop();
      const a = await createProduct(t, tenant.id, { stock: 1000, price: '10.00' });
      const b = await createProduct(t, tenant.id, { stock: 1000, price: '20.00' });
      const coupon = await createCoupon(t, tenant.id, { code: 'ALL', couponType: 'fixed', value: '5.00' });
      const responses = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          place(tenant.id, {
            ...orderBody(i % 2 ? [{ product_id: a.id }, { product_id: b.id }] : [{ product_id: b.id }, { product_id: a.id }]),
            coupon_code: 'all',
          }),
        ),
      );
      expect(responses.map((res) => res.status)).toEqual(Array(30).fill(201));
      for (const res of responses) expect(res.body.data.total).toBe(25);
      const [row] = await t.db.query('SELECT times_used FROM coupons WHERE id = $1', [coupon.id]);
      expect(row.times_used).toBe(30);
      const [redeemed] = await t.db.query('SELECT count(*)::int AS n FROM coupon_redemptions WHERE coupon_id = $1', [coupon.id]);
      expect(redeemed.n).toBe(30);
      expect(await stockOf(t, a.id)).toBe(970);
    });
  });
});
