import { createCoupon, createProduct, createShop, orderBody } from '@test/support/commerce-factories';
import { placeOrder } from '@test/support/http-clients';
import { useTestApp } from '@test/support/test-app';

const APP_URL = 'https://shops.example.test';
const LINK = /^https:\/\/shops\.example\.test\/s\/([a-z0-9-]+)\/orders\/(\d+)\?token=([A-Za-z0-9_-]{32})$/;
const STATUS_KEYS = [
  'created_at',
  'currency',
  'delivery_fee',
  'discount_amount',
  'events',
  'items',
  'location',
  'order_number',
  'payment_method',
  'payment_status',
  'status',
  'subtotal',
  'total',
];
const CUSTOMER = {
  customer_name: 'Ana Shopper Zelaya',
  customer_phone: '+50431234567',
  customer_email: 'ana.shopper@example.test',
  customer_address: 'Colonia Kennedy, bloque 7',
  customer_notes: 'Tocar el timbre azul',
};

/** The shopper's status link: `status_url` on the order, and the public answer it opens (docs/commerce.md). */
describe("The order's status link", () => {
  const t = useTestApp({ env: { APP_URL } });

  async function placedOrder() {
    const shop = await createShop(t, { deliveryFee: '30.00' });
    await t.db.query(`UPDATE locations SET name = 'Sucursal Centro', address = 'Calle Real 12' WHERE id = $1`, [shop.location.id]);
    const product = await createProduct(t, shop.tenant.id, { name: 'Camisa', price: '250.00' });
    const coupon = await createCoupon(t, shop.tenant.id, { couponType: 'percentage', value: '10' });
    const res = await placeOrder(
      t,
      shop.tenant.id,
      orderBody([{ product_id: product.id, quantity: 2 }], { ...CUSTOMER, delivery_type: 'delivery', coupon_code: coupon.code }),
    );
    expect(res.status).toBe(201);
    const order = res.body.data as { id: number; order_number: string; status_url: string };
    return { ...shop, order };
  }

  const statusOf = (slug: string, orderNumber: string, token?: string) =>
    t
      .http()
      .get(`/api/v1/storefront/${slug}/orders/${orderNumber}`)
      .query(token === undefined ? {} : { token });

  it('is on the 201 of the order, and the same on the merchant list and order page', async () => {
    const { tenant, token, order } = await placedOrder();
    const [, slug, number] = LINK.exec(order.status_url) ?? [];
    expect(slug).toBe(tenant.slug);
    expect(number).toBe(order.order_number);
    const shown = await t.http().get(`/api/v1/orders/${order.id}`).set('Authorization', `Bearer ${token}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data.status_url).toBe(order.status_url);
    const list = await t.http().get('/api/v1/orders').set('Authorization', `Bearer ${token}`);
    expect(list.status).toBe(200);
    expect(list.body.data.find((row: { id: number }) => row.id === order.id).status_url).toBe(order.status_url);
    const search = await t.http().get('/api/v1/orders').query({ search: order.order_number }).set('Authorization', `Bearer ${token}`);
    expect(search.body.data[0].status_url).toBe(order.status_url);
  });

  it("opens the order's status, lines, totals, branch and history, and nothing of the customer", async () => {
    const { tenant, location, order } = await placedOrder();
    const [, , , linkToken] = LINK.exec(order.status_url)!;
    const res = await statusOf(tenant.slug, order.order_number, linkToken);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(Object.keys(res.body)).toEqual(['data']);
    expect(Object.keys(res.body.data).sort()).toEqual(STATUS_KEYS);
    expect(res.body.data).toEqual({
      order_number: order.order_number,
      status: 'pending',
      payment_status: 'unpaid',
      payment_method: 'pending',
      location: { id: location.id, name: 'Sucursal Centro', address: 'Calle Real 12' },
      items: [expect.objectContaining({ name: 'Camisa', price: 250, quantity: 2, line_total: 500 })],
      subtotal: 500,
      discount_amount: 50,
      delivery_fee: 30,
      total: 480,
      currency: 'HNL',
      created_at: expect.any(String),
      events: [{ type: 'created', to_status: 'pending', created_at: expect.any(String) }],
    });
    const text = JSON.stringify(res.body);
    for (const value of Object.values(CUSTOMER)) expect(text).not.toContain(value);
    expect(text).not.toContain('31234567');
  });

  it('lists each status change and payment in its history, oldest first', async () => {
    const { tenant, token, order } = await placedOrder();
    const [, , , linkToken] = LINK.exec(order.status_url)!;
    for (const status of ['confirmed', 'ready']) {
      const moved = await t.http().patch(`/api/v1/orders/${order.id}/status`).set('Authorization', `Bearer ${token}`).send({ status });
      expect(moved.status).toBe(200);
      expect(moved.body.data.status_url).toBe(order.status_url);
    }
    const paid = await t
      .http()
      .patch(`/api/v1/orders/${order.id}/payment`)
      .set('Authorization', `Bearer ${token}`)
      .send({ payment_status: 'paid' });
    expect(paid.status).toBe(200);
    const res = await statusOf(tenant.slug.toUpperCase(), order.order_number, linkToken);
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('ready');
    expect(res.body.data.payment_status).toBe('paid');
    expect(res.body.data.events.map((event: { type: string; to_status: string | null }) => [event.type, event.to_status])).toEqual([
      ['created', 'pending'],
      ['status_changed', 'confirmed'],
      ['status_changed', 'ready'],
      ['paid', null],
    ]);
    for (const event of res.body.data.events) expect(Object.keys(event).sort()).toEqual(['created_at', 'to_status', 'type']);
  });

  it('answers the same 404 to a wrong, changed or missing token, another order, another shop and an unknown order', async () => {
    const first = await placedOrder();
    const second = await placedOrder();
    const [, , , token] = LINK.exec(first.order.status_url)!;
    const [, , , otherToken] = LINK.exec(second.order.status_url)!;
    const changed = (token[0] === 'A' ? 'B' : 'A') + token.slice(1);
    const answers = await Promise.all([
      statusOf(first.tenant.slug, first.order.order_number, changed),
      statusOf(first.tenant.slug, first.order.order_number),
      statusOf(first.tenant.slug, first.order.order_number, ''),
      statusOf(first.tenant.slug, first.order.order_number, otherToken),
      // The other shop's order has the same number (each shop counts from 1001): its slug with this token opens nothing.
      statusOf(second.tenant.slug, first.order.order_number, token),
      statusOf(first.tenant.slug, '999999', token),
      statusOf('no-such-shop-here', first.order.order_number, token),
      statusOf(first.tenant.slug, 'x'.repeat(300), token),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Order not found.' });
    }
  });
});
