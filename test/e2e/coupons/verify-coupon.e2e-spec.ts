import { randomUUID } from 'node:crypto';
import { createCategory, createCoupon, createProduct, createShop, orderBody } from '@test/support/commerce-factories';
import { authHeader, createUser, useTenantWithOwner } from '@test/support/factories';
import { placeOrder, rateLimitOf, statusesOf, uniqueClientIp } from '@test/support/http-clients';
import { useTestApp, withTestApp } from '@test/support/test-app';
import { TEST_RATE_LIMITS } from '@test/support/test-env';

describe('POST /api/v1/coupons/verify (spec 4.3, decisions §6)', () => {
  const t = useTestApp();
  const shop = useTenantWithOwner(t);

  const verify = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t
      .http()
      .post('/api/v1/coupons/verify')
      .set(headers)
      .send({ tenant_id: shop.tenant.id, cart_subtotal: 100, ...body });

  it('answers valid coupons with the discount and type', async () => {
    const percent = await createCoupon(t, shop.tenant.id, { couponType: 'percentage', value: '12.5', maxDiscount: '10.00' });
    const fixed = await createCoupon(t, shop.tenant.id, { couponType: 'fixed', value: '30.00' });
    const shipping = await createCoupon(t, shop.tenant.id, { couponType: 'free_shipping', value: '0' });
    expect((await verify({ code: percent.code.toLowerCase(), cart_subtotal: 40 })).body).toEqual({
      valid: true,
      discount_amount: 5,
      coupon_type: 'percentage',
    });
    expect((await verify({ code: percent.code })).body.discount_amount).toBe(10);
    expect((await verify({ code: fixed.code, cart_subtotal: 20 })).body).toEqual({
      valid: true,
      discount_amount: 20,
      coupon_type: 'fixed',
    });
    expect((await verify({ code: shipping.code })).body).toEqual({ valid: true, discount_amount: 0, coupon_type: 'free_shipping' });
  });

  it('reaches every rejection code over HTTP', async () => {
    const day = 24 * 3600 * 1000;
    const category = await createCategory(t, shop.tenant.id);
    const product = await createProduct(t, shop.tenant.id, { categoryId: category.id });
    const cases: Array<[string, Record<string, unknown>, Record<string, string>?]> = [];
    cases.push(['not_found', { code: 'NO-SUCH-CODE' }]);
    cases.push(['inactive', { code: (await createCoupon(t, shop.tenant.id, { isActive: false })).code }]);
    cases.push(['not_started', { code: (await createCoupon(t, shop.tenant.id, { startsAt: new Date(Date.now() + day) })).code }]);
    cases.push(['expired', { code: (await createCoupon(t, shop.tenant.id, { expiresAt: new Date(Date.now() - day) })).code }]);
    cases.push(['usage_limit', { code: (await createCoupon(t, shop.tenant.id, { usageLimit: 2, timesUsed: 2 })).code }]);
    cases.push(['min_spend', { code: (await createCoupon(t, shop.tenant.id, { minSpend: '150.00' })).code }]);
    cases.push([
      'product_excluded',
      {
        code: (await createCoupon(t, shop.tenant.id, { excludedProductIds: [product.id] })).code,
        items: [{ product_id: product.id, quantity: 1 }],
      },
    ]);
    cases.push([
      'category_excluded',
      {
        code: (await createCoupon(t, shop.tenant.id, { excludedCategoryIds: [category.id] })).code,
        items: [{ product_id: product.id, quantity: 1 }],
      },
    ]);

    // Per-customer limits need earlier redemptions: placed through real orders.
    const { tenant } = await createShop(t);
    const item = await createProduct(t, tenant.id);
    const once = await createCoupon(t, tenant.id, { perCustomerLimit: 1 });
    const twice = await createCoupon(t, tenant.id, { perCustomerLimit: 2 });
    const { token } = await createUser(t);
    for (const code of [once.code, twice.code, twice.code]) {
      const placed = await placeOrder(t, tenant.id, orderBody([{ product_id: item.id }], { coupon_code: code }), authHeader(token));
      expect(placed.status).toBe(201);
    }

    for (const [expected, body] of cases) {
      const res = await verify(body);
      expect({ expected, status: res.status, body: res.body }).toEqual({
        expected,
        status: 422,
        body: expect.objectContaining({ valid: false, error: expect.any(String), error_code: expected }),
      });
    }
    for (const [expected, code] of [
      ['already_used', once.code],
      ['user_limit', twice.code],
    ] as const) {
      const res = await t
        .http()
        .post('/api/v1/coupons/verify')
        .set(authHeader(token))
        .send({ tenant_id: tenant.id, code, cart_subtotal: 100 });
      expect({ expected, code: res.body.error_code }).toEqual({ expected, code: expected });
      // The same coupon for another customer (by email) is still valid.
      const other = await t
        .http()
        .post('/api/v1/coupons/verify')
        .send({ tenant_id: tenant.id, code, cart_subtotal: 100, customer_email: `${randomUUID()}@x.test` });
      expect(other.body.valid).toBe(true);
    }
  });

  it.each([
    [{ code: undefined }, 'code'],
    [{ code: 'X'.repeat(51) }, 'code'],
    [{ cart_subtotal: -1 }, 'cart_subtotal'],
    [{ cart_subtotal: 'ten' }, 'cart_subtotal'],
    [{ cart_subtotal: undefined }, 'cart_subtotal'],
    [{ tenant_id: undefined }, 'tenant_id'],
    [{ tenant_id: randomUUID() }, 'tenant_id'],
  ])('answers 422 for missing or invalid fields %o', async (override, field) => {
    const res = await verify({ code: 'ANY', ...override });
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty(field);
  });

  it('is counted in the verification group, not in api', async () => {
    const ip = uniqueClientIp();
    const limit = TEST_RATE_LIMITS.verification;
    expect(rateLimitOf(await verify({ code: 'X' }, { 'X-Forwarded-For': ip }))).toEqual({ limit, remaining: limit - 1 });
    expect(rateLimitOf(await verify({ code: 'X' }, { 'X-Forwarded-For': ip }))).toEqual({ limit, remaining: limit - 2 });
    const api = await t.http().get('/api/v1/coupons').set('X-Forwarded-For', ip).query({ tenant_id: shop.tenant.id });
    expect(rateLimitOf(api)).toEqual({ limit: TEST_RATE_LIMITS.api, remaining: TEST_RATE_LIMITS.api - 1 });
  });

  it('is rate limited by the verification group', async () => {
    await withTestApp({ env: { THROTTLE_VERIFICATION: '2/60' } }, async (limited) => {
      const ip = uniqueClientIp();
      const send = () =>
        limited
          .http()
          .post('/api/v1/coupons/verify')
          .set('X-Forwarded-For', ip)
          .send({ tenant_id: shop.tenant.id, code: 'X', cart_subtotal: 1 });
      expect(await statusesOf(3, send)).toEqual([422, 422, 429]);
    });
  });
});
