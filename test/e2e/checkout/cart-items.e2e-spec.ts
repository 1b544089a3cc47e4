import { randomUUID } from 'node:crypto';
import { createCategory, createCoupon, createProduct, createShop, orderBody } from '@test/support/commerce-factories';
import { expectInvalid, placeOrder } from '@test/support/http-clients';
import { useTestApp } from '@test/support/test-app';

/**
 * A storefront keeps one cart and sends its lines, as they are, to every endpoint that takes items
 * (decisions §1): `{ product_id, name?, price?, quantity }`, name and price ignored for pricing.
 */
describe('Cart items have one shape everywhere (decisions §1)', () => {
  const t = useTestApp();
  const session = () => `sess-${randomUUID()}`;

  async function cart() {
    const { tenant } = await createShop(t, { deliveryFee: '0.00' });
    const category = (await createCategory(t, tenant.id)).id;
    const product = await createProduct(t, tenant.id, { price: '100.00', categoryId: category, name: 'Espresso' });
    // As the storefront shows it: name and price from its own copy of the catalog (here, a stale price).
    const items = [{ product_id: product.id, name: 'Espresso', price: 1.5, quantity: 2 }];
    const post = (path: string, body: object) => t.http().post(path).set('X-Tenant-ID', tenant.id).send(body);
    return { tenant, category, product, items, post };
  }

  it('lets coupons/verify reach product_excluded and category_excluded with the lines an order takes', async () => {
    const { tenant, category, product, items, post } = await cart();
    const byProduct = await createCoupon(t, tenant.id, { excludedProductIds: [product.id] });
    const byCategory = await createCoupon(t, tenant.id, { excludedCategoryIds: [category] });
    const plain = await createCoupon(t, tenant.id, { value: '10' });
    const verify = (code: string) => post('/api/v1/coupons/verify', { tenant_id: tenant.id, code, cart_subtotal: 200, items });

    for (const [code, expected] of [
      [byProduct.code, 'product_excluded'],
      [byCategory.code, 'category_excluded'],
    ]) {
      const res = await verify(code);
      expect({ code, status: res.status, body: res.body }).toEqual({
        code,
        status: 422,
        body: expect.objectContaining({ valid: false, error_code: expected }),
      });
    }
    // Positive control: the same cart with a coupon that excludes nothing.
    expect((await verify(plain.code)).body).toEqual({ valid: true, discount_amount: 20, coupon_type: 'percentage' });
  });

  it('lets checkout/validate-coupon reach the exclusions with the same lines', async () => {
    const { tenant, category, items, post } = await cart();
    const byCategory = await createCoupon(t, tenant.id, { excludedCategoryIds: [category] });
    const res = await post('/api/v1/checkout/validate-coupon', { session_id: session(), code: byCategory.code, cart_subtotal: 200, items });
    expect(res.status).toBe(422);
    expect(res.body.error_code).toBe('category_excluded');
  });

  it('takes the same lines on orders, cart-summary and hold-inventory, pricing from the catalog', async () => {
    const { tenant, items, post } = await cart();
    const sessionId = session();
    const summary = await post('/api/v1/checkout/cart-summary', { session_id: sessionId, items, subtotal: 200 });
    expect(summary.status).toBe(200);
    const hold = await post('/api/v1/checkout/hold-inventory', { session_id: sessionId, items });
    expect(hold.status).toBe(200);
    const order = await placeOrder(t, tenant.id, { ...orderBody([]), items, session_id: sessionId });
    expect(order.status).toBe(201);
    expect(order.body.data.subtotal).toBe(200);
    expect(order.body.data.items).toEqual([expect.objectContaining({ name: 'Espresso', price: 100, quantity: 2, line_total: 200 })]);
  });

  it('still refuses any other field on a line, and a line without its quantity, on every endpoint', async () => {
    const { tenant, product, post } = await cart();
    const extra = [{ product_id: product.id, quantity: 1, discount: 50 }];
    const noQuantity = [{ product_id: product.id, name: 'Espresso' }];
    const bodies = (items: object[]): Array<[string, object]> => [
      ['/api/v1/orders', { ...orderBody([]), items }],
      ['/api/v1/coupons/verify', { tenant_id: tenant.id, code: 'ANY', cart_subtotal: 1, items }],
      ['/api/v1/checkout/validate-coupon', { session_id: session(), code: 'ANY', cart_subtotal: 1, items }],
      ['/api/v1/checkout/cart-summary', { session_id: session(), subtotal: 1, items }],
      ['/api/v1/checkout/hold-inventory', { items }],
    ];
    for (const [path, body] of bodies(extra)) expectInvalid(await post(path, body), ['items.0.discount']);
    for (const [path, body] of bodies(noQuantity)) expectInvalid(await post(path, body), ['items.0.quantity']);
    for (const [path, body] of bodies([{ product_id: product.id, quantity: 1, price: 'free' }])) {
      expectInvalid(await post(path, body), ['items.0.price']);
    }
  });
});
