import { QueryBus } from '@nestjs/cqrs';
import { createCoupon, createProduct, createShop, orderBody, stockOf } from '@test/support/commerce-factories';
import { authHeader } from '@test/support/factories';
import { placeOrder } from '@test/support/http-clients';
import { useTestApp, type TestApp } from '@test/support/test-app';

/** Fault injections that break every way of reading an order back once it has been placed. */
const readFailures: Array<[string, (t: TestApp) => jest.SpyInstance]> = [
  [
    'the database refuses reads of orders outside the placing transaction',
    (t) => {
      const query = t.db.query.bind(t.db);
      return jest
        .spyOn(t.db, 'query')
        .mockImplementation((sql: string, parameters?: unknown[]) =>
          /\bFROM orders\b/i.test(sql) ? Promise.reject(new Error('injected: reading orders failed')) : query(sql, parameters),
        );
    },
  ],
  ['every query handler fails', (t) => jest.spyOn(t.get(QueryBus), 'execute').mockRejectedValue(new Error('injected: query bus down'))],
];

describe('POST /api/v1/orders answers from its own committed transaction (decisions §13)', () => {
  const t = useTestApp();

  const ordersOf = async (tenantId: string): Promise<number[]> =>
    (await t.db.query('SELECT id FROM orders WHERE tenant_id = $1 ORDER BY id', [tenantId])).map((row: { id: number }) => row.id);

  it.each(readFailures)('answers 201 with the order when %s after the commit', async (_name, inject) => {
    const { tenant } = await createShop(t);
    const product = await createProduct(t, tenant.id, { price: '19.90', stock: 5, name: 'Candle' });
    const fault = inject(t);
    let res;
    try {
      res = await placeOrder(t, tenant.id, orderBody([{ product_id: product.id, quantity: 2 }]));
    } finally {
      fault.mockRestore();
    }
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(`/api/v1/orders/${res.body.data.id}`);
    expect(res.body.data).toEqual(
      expect.objectContaining({
        order_number: '1001',
        status: 'pending',
        items: [{ product_id: product.id, name: 'Candle', price: 19.9, quantity: 2, line_total: 39.8 }],
        subtotal: 39.8,
        total: 39.8,
      }),
    );
    expect(await ordersOf(tenant.id)).toEqual([res.body.data.id]);
    expect(await stockOf(t, product.id)).toBe(3);
  });

  it("answers with the same bytes as GET /api/v1/orders/{id}'s data, less the history and next statuses the merchant's read adds", async () => {
    const { tenant, token, location } = await createShop(t, { deliveryFee: '35.50' });
    const shirt = await createProduct(t, tenant.id, { price: '199.90', stock: 10, name: 'Shirt' });
    const mug = await createProduct(t, tenant.id, { price: '50.05', stock: null, name: 'Mug' });
    const cap = await createProduct(t, tenant.id, { price: '0.10', stock: 3, name: 'Cap' });
    await createCoupon(t, tenant.id, { code: 'TENOFF', couponType: 'percentage', value: '10' });
    const placed = await placeOrder(t, tenant.id, {
      ...orderBody([{ product_id: mug.id }, { product_id: shirt.id, quantity: 3 }, { product_id: cap.id, quantity: 2 }]),
      delivery_type: 'delivery',
      customer_email: 'Ana.Lopez@Example.COM',
      customer_address: 'Col. Palmira, Tegucigalpa',
      customer_notes: 'Ring twice',
      payment_method: 'cash',
      coupon_code: 'tenoff',
      location_id: location.id,
    });
    expect(placed.status).toBe(201);
    const shown = await t.http().get(`/api/v1/orders/${placed.body.data.id}`).set(authHeader(token));
    expect(shown.status).toBe(200);
    // The merchant's read adds the order's history and next statuses (decisions §17); the rest is the same bytes.
    const { events, allowed_statuses: allowedStatuses, ...order } = shown.body.data as Record<string, unknown>;
    expect(placed.text).toBe(JSON.stringify({ data: order }));
    expect(events).toEqual([{ type: 'created', from_status: null, to_status: 'pending', created_at: placed.body.data.created_at }]);
    expect(allowedStatuses).toEqual(['confirmed', 'processing', 'ready', 'delivered', 'cancelled']);
    expect(Object.keys(placed.body.data)).toEqual([
      'id',
      'order_number',
      'status',
      'payment_status',
      'paid_at',
      'customer_name',
      'customer_phone',
      'customer_email',
      'customer_address',
      'customer_notes',
      'delivery_type',
      'payment_method',
      'coupon_code',
      'location_id',
      'location',
      'items',
      'subtotal',
      'discount_amount',
      'delivery_fee',
      'total',
      'currency',
      'created_at',
      'updated_at',
      'status_url',
    ]);
    expect(placed.body.data.items).toHaveLength(3);
    expect(placed.body.data.items).toEqual(
      expect.arrayContaining([
        { product_id: mug.id, name: 'Mug', price: 50.05, quantity: 1, line_total: 50.05 },
        { product_id: shirt.id, name: 'Shirt', price: 199.9, quantity: 3, line_total: 599.7 },
        { product_id: cap.id, name: 'Cap', price: 0.1, quantity: 2, line_total: 0.2 },
      ]),
    );
    expect(placed.body.data).toEqual(
      expect.objectContaining({
        customer_email: 'ana.lopez@example.com',
        coupon_code: 'TENOFF',
        subtotal: 649.95,
        delivery_fee: 35.5,
      }),
    );
  });
});
