import { CouponCatalogCache } from '@modules/coupons/coupon-catalog.cache';
import { authHeader, createTenant, createTenantWithOwner } from '@test/support/factories';
import { expectBadRequest, rateLimitOf, uniqueClientIp } from '@test/support/http-clients';
import { useTestApp } from '@test/support/test-app';
import { storeKeys, storeTtlSeconds } from '@test/support/store-keys';
import { TEST_RATE_LIMITS } from '@test/support/test-env';
import { settleFor } from '@test/support/wait';

const MERCHANT = '/api/v1/merchant/coupons';
const hour = 3_600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

describe('GET /api/v1/coupons (spec 4.3, decisions §6)', () => {
  const t = useTestApp();

  const list = (tenantId?: string, ip = uniqueClientIp()) => {
    const request = t.http().get('/api/v1/coupons').set('X-Forwarded-For', ip);
    return tenantId === undefined ? request : request.query({ tenant_id: tenantId });
  };
  const createCoupon = async (token: string, body: object) => {
    const res = await t.http().post(MERCHANT).set(authHeader(token)).send(body);
    expect(res.status).toBe(201);
    return res.body.data as { id: string; code: string };
  };

  describe('400 { message } when the tenant cannot be used', () => {
    it.each([
      ['absent', undefined],
      ['empty', ''],
      ['zero', '0'],
      ['not a UUID', 'my-shop'],
      ['an unknown UUID', '6f1c2f1e-4a0b-4c39-9d3e-5b2a1f000000'],
    ])('%s', async (_case, tenantId) => {
      expectBadRequest(await list(tenantId));
    });

    it('a shop that is not open to the public', async () => {
      const closed = await createTenant(t, { status: 'inactive' });
      const archived = await createTenant(t, { deletedAt: new Date() });
      expect((await list(closed.id)).status).toBe(400);
      expect((await list(archived.id)).status).toBe(400);
    });

    it('is still counted, in the api group', async () => {
      const ip = uniqueClientIp();
      const limit = TEST_RATE_LIMITS.api;
      expect(rateLimitOf(await list('0', ip))).toEqual({ limit, remaining: limit - 1 });
      expect(rateLimitOf(await list('0', ip))).toEqual({ limit, remaining: limit - 2 });
      // A route of the verification group, from the same address, does not spend this budget.
      const verify = await t.http().post('/api/v1/coupons/verify').set('X-Forwarded-For', ip).send({ code: 'ANY', cart_subtotal: 1 });
      expect(rateLimitOf(verify)).toEqual({ limit: TEST_RATE_LIMITS.verification, remaining: TEST_RATE_LIMITS.verification - 1 });
      expect(rateLimitOf(await list('0', ip))).toEqual({ limit, remaining: limit - 3 });
    });
  });

  it('lists only active, public coupons that can be used now, in the contract shape', async () => {
    const { tenant, token } = await createTenantWithOwner(t);
    const other = await createTenantWithOwner(t);
    await createCoupon(token, {
      code: 'LISTED',
      coupon_type: 'percentage',
      value: 10,
      min_spend: 99.9,
      is_public: true,
      expires_at: iso(48 * hour),
    });
    await createCoupon(token, { code: 'FOREVER', coupon_type: 'free_shipping', is_public: true });
    await createCoupon(token, { code: 'STARTED', coupon_type: 'fixed', value: 25, is_public: true, starts_at: iso(-hour), usage_limit: 5 });
    await createCoupon(token, { code: 'PRIVATE', coupon_type: 'fixed', value: 5 });
    await createCoupon(token, { code: 'INACTIVE', coupon_type: 'fixed', value: 5, is_public: true, is_active: false });
    await createCoupon(token, { code: 'FUTURE', coupon_type: 'fixed', value: 5, is_public: true, starts_at: iso(hour) });
    await createCoupon(token, { code: 'EXPIRED', coupon_type: 'fixed', value: 5, is_public: true, expires_at: iso(-hour) });
    const usedUp = await createCoupon(token, { code: 'USEDUP', coupon_type: 'fixed', value: 5, is_public: true, usage_limit: 2 });
    await t.db.query('UPDATE coupons SET times_used = 2 WHERE id = $1', [usedUp.id]);
    await createCoupon(token, { code: 'ZEROLIMIT', coupon_type: 'fixed', value: 5, is_public: true, usage_limit: 0 });
    await createCoupon(other.token, { code: 'OTHERSHOP', coupon_type: 'fixed', value: 5, is_public: true });

    const res = await list(tenant.id);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const byCode = Object.fromEntries(res.body.data.map((coupon: { code: string }) => [coupon.code, coupon]));
    expect(Object.keys(byCode).sort()).toEqual(['FOREVER', 'LISTED', 'STARTED']);
    expect(byCode.LISTED).toEqual({
      code: 'LISTED',
      coupon_type: 'percentage',
      value: 10,
      min_spend: 99.9,
      expires_at: expect.any(String),
    });
    expect(new Date(byCode.LISTED.expires_at).toISOString()).toBe(byCode.LISTED.expires_at);
    expect(byCode.FOREVER).toEqual({ code: 'FOREVER', coupon_type: 'free_shipping', value: 0, min_spend: null, expires_at: null });
    expect(byCode.STARTED).toEqual({ code: 'STARTED', coupon_type: 'fixed', value: 25, min_spend: null, expires_at: null });
    // The tenant id is matched case-insensitively, like any UUID.
    expect((await list(tenant.id.toUpperCase())).body.data).toHaveLength(3);
  });

  it('an empty shop lists nothing', async () => {
    const { tenant } = await createTenantWithOwner(t);
    const res = await list(tenant.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: [] });
  });

  describe('cache (15 minutes per shop)', () => {
    it('serves a cached list: a change made directly in SQL is not seen until the cache is dropped', async () => {
      const { tenant, token } = await createTenantWithOwner(t);
      const coupon = await createCoupon(token, { code: 'CACHED', coupon_type: 'fixed', value: 10, is_public: true });
      expect((await list(tenant.id)).body.data).toEqual([expect.objectContaining({ code: 'CACHED', value: 10 })]);

      await t.db.query('UPDATE coupons SET value = 99 WHERE id = $1', [coupon.id]);
      expect((await list(tenant.id)).body.data).toEqual([expect.objectContaining({ code: 'CACHED', value: 10 })]);

      await t.get(CouponCatalogCache).invalidate(tenant.id);
      expect((await list(tenant.id)).body.data).toEqual([expect.objectContaining({ code: 'CACHED', value: 99 })]);
    });

    it('keeps the entry for 15 minutes', async () => {
      const { tenant, token } = await createTenantWithOwner(t);
      await createCoupon(token, { code: 'TTL', coupon_type: 'fixed', value: 10, is_public: true });
      await list(tenant.id);
      const keys = (await storeKeys(t, `coupons:public:${tenant.id}:*`)).filter((key) => !key.endsWith(':generation'));
      expect(keys).toHaveLength(1);
      const ttl = await storeTtlSeconds(t, keys[0]);
      expect(ttl).toBeGreaterThan(890);
      expect(ttl).toBeLessThanOrEqual(900);
    });

    it('a change through the merchant API is seen at once (create, update, delete)', async () => {
      const { tenant, token } = await createTenantWithOwner(t);
      const codes = async () => (await list(tenant.id)).body.data.map((coupon: { code: string }) => coupon.code).sort();
      expect(await codes()).toEqual([]);

      const first = await createCoupon(token, { code: 'FIRST', coupon_type: 'fixed', value: 10, is_public: true });
      expect(await codes()).toEqual(['FIRST']);

      const second = await createCoupon(token, { code: 'SECOND', coupon_type: 'fixed', value: 10 });
      expect(await codes()).toEqual(['FIRST']);
      await t.http().patch(`${MERCHANT}/${second.id}`).set(authHeader(token)).send({ is_public: true }).expect(200);
      expect(await codes()).toEqual(['FIRST', 'SECOND']);

      await t.http().patch(`${MERCHANT}/${first.id}`).set(authHeader(token)).send({ value: 15 }).expect(200);
      expect((await list(tenant.id)).body.data.find((coupon: { code: string }) => coupon.code === 'FIRST').value).toBe(15);

      await t.http().delete(`${MERCHANT}/${first.id}`).set(authHeader(token)).expect(204);
      expect(await codes()).toEqual(['SECOND']);
    });

    it("dropping one shop's list leaves another shop's cached", async () => {
      const a = await createTenantWithOwner(t);
      const b = await createTenantWithOwner(t);
      const couponB = await createCoupon(b.token, { code: 'BEE', coupon_type: 'fixed', value: 10, is_public: true });
      await list(b.tenant.id);
      await t.db.query('UPDATE coupons SET value = 11 WHERE id = $1', [couponB.id]);
      await createCoupon(a.token, { code: 'AYE', coupon_type: 'fixed', value: 10, is_public: true });
      expect((await list(b.tenant.id)).body.data[0].value).toBe(10);
    });

    it('the validity window is applied to the cached list on every read', async () => {
      const { tenant, token } = await createTenantWithOwner(t);
      await createCoupon(token, { code: 'SOON', coupon_type: 'fixed', value: 10, is_public: true, starts_at: iso(1_500) });
      await createCoupon(token, { code: 'ENDING', coupon_type: 'fixed', value: 10, is_public: true, expires_at: iso(1_500) });
      expect((await list(tenant.id)).body.data.map((coupon: { code: string }) => coupon.code)).toEqual(['ENDING']);
      await settleFor(1_700, 'the clock passes 1.5 s from now: SOON starts and ENDING expires, while the list stays cached');
      expect((await list(tenant.id)).body.data.map((coupon: { code: string }) => coupon.code)).toEqual(['SOON']);
    });
  });
});
