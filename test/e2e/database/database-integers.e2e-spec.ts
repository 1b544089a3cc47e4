import { randomUUID } from 'node:crypto';
import { createProduct, createShop, orderBody } from '@test/support/commerce-factories';
import { authHeader } from '@test/support/factories';
import { expectInvalid, placeOrder } from '@test/support/http-clients';
import { useTestApp } from '@test/support/test-app';

/** Beyond int4 (2,147,483,647): PostgreSQL refuses it, so it must never get that far. */
const BEYOND = 3_000_000_000;
const LARGEST = 2_147_483_647;

describe('Integers the database cannot hold are 422 on the field (decisions §1)', () => {
  const t = useTestApp();
  const session = () => `sess-${randomUUID()}`;

  async function shopWithProduct() {
    const shop = await createShop(t);
    const product = await createProduct(t, shop.tenant.id);
    return { ...shop, product };
  }

  it('refuses them in storefront cart items: orders, coupons/verify and checkout/*', async () => {
    const { tenant, product } = await shopWithProduct();
    const post = (path: string, body: object) => t.http().post(path).set('X-Tenant-ID', tenant.id).send(body);
    const line = (override: object) => [{ product_id: product.id, quantity: 1, ...override }];
    const cases: Array<[string, string, object, string]> = [
      ['order product_id', '/api/v1/orders', orderBody([{ product_id: BEYOND }]), 'items.0.product_id'],
      ['order quantity', '/api/v1/orders', orderBody([{ product_id: product.id, quantity: BEYOND }]), 'items.0.quantity'],
      [
        'verify',
        '/api/v1/coupons/verify',
        { tenant_id: tenant.id, code: 'ANY', cart_subtotal: 1, items: line({ product_id: BEYOND }) },
        'items.0.product_id',
      ],
      ['hold-inventory', '/api/v1/checkout/hold-inventory', { items: line({ product_id: BEYOND }) }, 'items.0.product_id'],
      ['hold-inventory quantity', '/api/v1/checkout/hold-inventory', { items: line({ quantity: BEYOND }) }, 'items.0.quantity'],
      [
        'cart-summary',
        '/api/v1/checkout/cart-summary',
        { session_id: session(), subtotal: 1, items: line({ product_id: BEYOND }) },
        'items.0.product_id',
      ],
      [
        'validate-coupon',
        '/api/v1/checkout/validate-coupon',
        { session_id: session(), code: 'ANY', cart_subtotal: 1, items: line({ product_id: BEYOND }) },
        'items.0.product_id',
      ],
      ['track', '/api/v1/analytics/track', { tenant_id: tenant.id, type: 'call', product_id: BEYOND }, 'product_id'],
      ['interaction', '/api/v1/interactions', { tenant_id: tenant.id, type: 'view', product_id: BEYOND }, 'product_id'],
    ];
    const answers = [];
    for (const [what, path, body] of cases) {
      const res = await post(path, body);
      answers.push({ what, status: res.status, fields: Object.keys(res.body.errors ?? {}) });
    }
    expect(answers).toEqual(cases.map(([what, , , field]) => ({ what, status: 422, fields: [field] })));
  });

  it('takes the largest id as an id like any other (no such product: 422, not a database error)', async () => {
    const { tenant, product } = await shopWithProduct();
    expectInvalid(await placeOrder(t, tenant.id, orderBody([{ product_id: LARGEST }])), ['items.0.product_id']);
    const verify = await t
      .http()
      .post('/api/v1/coupons/verify')
      .send({ tenant_id: tenant.id, code: 'NOPE', cart_subtotal: 1, items: [{ product_id: LARGEST, quantity: 1 }] });
    expect(verify.body.error_code).toBe('not_found');
    const interaction = await t.http().post('/api/v1/interactions').send({ tenant_id: tenant.id, type: 'view', product_id: LARGEST });
    expect(interaction.status).toBe(201);
    // Positive control: a real product.
    expect((await placeOrder(t, tenant.id, orderBody([{ product_id: product.id }]))).status).toBe(201);
  });

  it('refuses them in merchant bodies and accepts the largest value the column holds', async () => {
    const { token } = await createShop(t);
    const as = (method: 'post' | 'patch', path: string, body: object) => t.http()[method](path).set(authHeader(token)).send(body);
    const product = { name: 'Big', price: 1 };
    for (const field of ['category_id', 'stock']) {
      expectInvalid(await as('post', '/api/v1/merchant/products', { ...product, [field]: BEYOND }), [field]);
    }
    // The largest id names no category of the shop: a 422 on the field, never a 500.
    expectInvalid(await as('post', '/api/v1/merchant/products', { ...product, category_id: LARGEST }), ['category_id']);
    const created = await as('post', '/api/v1/merchant/products', { ...product, stock: LARGEST });
    expect(created.status).toBe(201);
    expectInvalid(await as('patch', `/api/v1/merchant/products/${created.body.data.id}`, { stock: BEYOND }), ['stock']);

    const coupon = () => ({ code: `C${randomUUID().slice(0, 8)}`, coupon_type: 'fixed', value: 1 });
    for (const [field, value] of [
      ['usage_limit', BEYOND],
      ['per_customer_limit', BEYOND],
      ['excluded_product_ids', [1, BEYOND]],
      ['excluded_category_ids', [BEYOND]],
    ] as const) {
      expectInvalid(await as('post', '/api/v1/merchant/coupons', { ...coupon(), [field]: value }), [field]);
    }
    expectInvalid(await as('post', '/api/v1/merchant/coupons', { ...coupon(), excluded_category_ids: [LARGEST] }), [
      'excluded_category_ids.0',
    ]);
    const big = await as('post', '/api/v1/merchant/coupons', { ...coupon(), usage_limit: LARGEST, per_customer_limit: LARGEST });
    expect(big.status).toBe(201);
  });

  it('refuses a page beyond what a list can have, and answers 404 for path ids beyond int4', async () => {
    const { token } = await createShop(t);
    for (const path of ['/api/v1/orders', '/api/v1/merchant/products', '/api/v1/merchant/coupons']) {
      expectInvalid(await t.http().get(`${path}?page=${BEYOND}`).set(authHeader(token)), ['page']);
      expect((await t.http().get(`${path}?page=2`).set(authHeader(token))).status).toBe(200);
    }
    for (const path of [`/api/v1/orders/${BEYOND}`, `/api/v1/merchant/products/${BEYOND}`]) {
      const res = await t.http().get(path).set(authHeader(token));
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
    }
  });
});
