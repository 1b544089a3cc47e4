import { createCategory, createProduct } from '@test/support/commerce-factories';
import { couponDefaults } from '@test/support/coupon-fixtures';
import { createTenantWithOwner, createUser } from '@test/support/factories';
import { expectInvalid, useMerchantResource, withoutToken } from '@test/support/http-clients';

const PATH = '/api/v1/merchant/coupons';
let sequence = 0;
const code = (prefix = 'C') => `${prefix}${Date.now().toString(36).toUpperCase()}${++sequence}`;

describe('Merchant coupons (decisions §4)', () => {
  const { t, shop, otherShop, as } = useMerchantResource(PATH);
  const percentage = (overrides: object = {}) => ({ code: code(), coupon_type: 'percentage', value: 10, ...overrides });

  it('answers 401 without a token and 403 without a shop', async () => {
    const created = (await as(shop.token).post(percentage())).body.data;
    expect((await withoutToken(t, PATH, created.id, percentage())).map((res) => res.status)).toEqual([401, 401, 401, 401, 401]);
    const { token } = await createUser(t);
    expect((await as(token).post(percentage())).status).toBe(403);
  });

  describe('create', () => {
    it('201 { data } with the code upper-cased and the defaults', async () => {
      const raw = code('welcome').toLowerCase();
      const res = await as(shop.token).post({ code: `  ${raw} `, coupon_type: 'percentage', value: 12.5 });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        data: {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          code: raw.toUpperCase(),
          coupon_type: 'percentage',
          value: 12.5,
          min_spend: null,
          ...couponDefaults(),
          created_at: expect.any(String),
          updated_at: expect.any(String),
        },
      });
      const [row] = await t.db.query('SELECT tenant_id, code FROM coupons WHERE id = $1', [res.body.data.id]);
      expect(row).toEqual({ tenant_id: shop.tenant.id, code: raw.toUpperCase() });
    });

    it('stores every field; times are ISO strings in UTC', async () => {
      const product = await createProduct(t, shop.tenant.id);
      const categories = [(await createCategory(t, shop.tenant.id)).id, (await createCategory(t, shop.tenant.id)).id];
      const res = await as(shop.token).post({
        code: code(),
        coupon_type: 'fixed',
        value: 50,
        min_spend: 300.5,
        max_discount: 60,
        starts_at: '2030-01-01T00:00:00-06:00',
        expires_at: '2030-02-01',
        usage_limit: 100,
        per_customer_limit: 2,
        is_active: false,
        is_public: true,
        excluded_product_ids: [product.id, product.id],
        excluded_category_ids: categories,
      });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        coupon_type: 'fixed',
        value: 50,
        min_spend: 300.5,
        max_discount: 60,
        starts_at: '2030-01-01T06:00:00.000Z',
        expires_at: '2030-02-01T00:00:00.000Z',
        usage_limit: 100,
        per_customer_limit: 2,
        is_active: false,
        is_public: true,
        excluded_product_ids: [product.id],
        excluded_category_ids: categories,
      });
    });

    it('a free_shipping coupon needs no value', async () => {
      const res = await as(shop.token).post({ code: code(), coupon_type: 'free_shipping' });
      expect(res.status).toBe(201);
      expect(res.body.data.value).toBe(0);
    });

    it('a code is unique in the shop whatever its case (422 on code), but another shop may use it', async () => {
      const taken = code('dup');
      expect((await as(shop.token).post(percentage({ code: taken }))).status).toBe(201);
      const res = await as(shop.token).post(percentage({ code: taken.toLowerCase() }));
      expectInvalid(res, ['code']);
      expect((await as(otherShop.token).post(percentage({ code: taken }))).status).toBe(201);
    });

    it('concurrent creations of one code: exactly one 201, the rest 422 on code', async () => {
      const taken = code('race');
      const responses = await Promise.all(Array.from({ length: 10 }, () => as(shop.token).post(percentage({ code: taken }))));
      expect(responses.map((res) => res.status).sort()).toEqual([201, ...Array(9).fill(422)]);
      for (const res of responses.filter((res) => res.status === 422)) expect(Object.keys(res.body.errors)).toEqual(['code']);
    });

    it.each([
      [{ coupon_type: 'percentage', value: 10 }, 'code'],
      [{ code: '   ', coupon_type: 'percentage', value: 10 }, 'code'],
      [{ code: 'X'.repeat(51), coupon_type: 'percentage', value: 10 }, 'code'],
      [{ code: 'TWO WORDS', coupon_type: 'percentage', value: 10 }, 'code'],
      [{ code: 'OK1', coupon_type: 'bogus', value: 10 }, 'coupon_type'],
      [{ code: 'OK1', value: 10 }, 'coupon_type'],
      [{ code: 'OK1', coupon_type: 'percentage' }, 'value'],
      [{ code: 'OK1', coupon_type: 'fixed' }, 'value'],
      [{ code: 'OK1', coupon_type: 'percentage', value: 100.01 }, 'value'],
      [{ code: 'OK1', coupon_type: 'fixed', value: -1 }, 'value'],
      [{ code: 'OK1', coupon_type: 'fixed', value: 1.001 }, 'value'],
      [{ code: 'OK1', coupon_type: 'fixed', value: 5, min_spend: -1 }, 'min_spend'],
      [{ code: 'OK1', coupon_type: 'fixed', value: 5, max_discount: 'ten' }, 'max_discount'],
      [{ code: 'OK1', coupon_type: 'fixed', value: 5, starts_at: 'tomorrow' }, 'starts_at'],
      [{ code: 'OK1', coupon_type: 'fixed', value: 5, expires_at: '2030-02-30' }, 'expires_at'],
      [{ code: 'OK1', coupon_type: 'fixed', value: 5, starts_at: '2030-02-01', expires_at: '2030-01-01' }, 'expires_at'],
      [{ code: 'OK1', coupon_type: 'fixed', value: 5, starts_at: '2030-01-01', expires_at: '2030-01-01' }, 'expires_at'],
      [{ code: 'OK1', coupon_type: 'fixed', value: 5, usage_limit: -1 }, 'usage_limit'],
      [{ code: 'OK1', coupon_type: 'fixed', value: 5, per_customer_limit: 0 }, 'per_customer_limit'],
      [{ code: 'OK1', coupon_type: 'fixed', value: 5, is_public: null }, 'is_public'],
      [{ code: 'OK1', coupon_type: 'fixed', value: 5, excluded_product_ids: 'all' }, 'excluded_product_ids'],
      [{ code: 'OK1', coupon_type: 'fixed', value: 5, excluded_product_ids: [1, 'x'] }, 'excluded_product_ids'],
      [{ code: 'OK1', coupon_type: 'fixed', value: 5, excluded_category_ids: [0] }, 'excluded_category_ids'],
      [{ code: 'OK1', coupon_type: 'fixed', value: 5, times_used: 3 }, 'times_used'],
      [{ code: 'OK1', coupon_type: 'fixed', value: 5, tenant_id: 'x' }, 'tenant_id'],
    ])('422 for %j on %s', async (body, field) => {
      const res = await as(shop.token).post(body);
      expectInvalid(res, [field]);
    });

    it("422 on the index of an excluded product that is not the shop's", async () => {
      const own = await createProduct(t, shop.tenant.id);
      const theirs = await createProduct(t, otherShop.tenant.id);
      const res = await as(shop.token).post(percentage({ excluded_product_ids: [own.id, theirs.id] }));
      expectInvalid(res, ['excluded_product_ids.1']);
    });
  });

  describe('read, update, delete', () => {
    it('lists the own coupons newest first', async () => {
      const own = await createTenantWithOwner(t);
      const a = (await as(own.token).post(percentage())).body.data;
      const b = (await as(own.token).post(percentage())).body.data;
      await as(otherShop.token).post(percentage());
      const res = await as(own.token).list();
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([b, a]);
    });

    it('PATCH changes only what is sent, re-checking rules on the result', async () => {
      const created = (await as(shop.token).post(percentage({ value: 20, max_discount: 30 }))).body.data;
      const res = await as(shop.token).patch(created.id, { is_public: true, max_discount: null, code: 'lower' + sequence++ });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        ...created,
        is_public: true,
        max_discount: null,
        code: res.body.data.code,
        updated_at: expect.any(String),
      });
      expect(res.body.data.code).toMatch(/^LOWER\d+$/);

      const tooMuch = await as(shop.token).patch(created.id, { value: 150 });
      expectInvalid(tooMuch, ['value']);
      // Switching a fixed amount above 100 to a percentage is refused on value as well.
      const fixed = (await as(shop.token).post({ code: code(), coupon_type: 'fixed', value: 150 })).body.data;
      expect((await as(shop.token).patch(fixed.id, { coupon_type: 'percentage' })).status).toBe(422);
    });

    it('PATCH checks the window against the stored other end', async () => {
      const created = (await as(shop.token).post(percentage({ starts_at: '2030-01-10T00:00:00Z' }))).body.data;
      const res = await as(shop.token).patch(created.id, { expires_at: '2030-01-05T00:00:00Z' });
      expectInvalid(res, ['expires_at']);
      const ok = await as(shop.token).patch(created.id, { starts_at: null, expires_at: '2030-01-05T00:00:00Z' });
      expect(ok.status).toBe(200);
      expect(ok.body.data).toMatchObject({ starts_at: null, expires_at: '2030-01-05T00:00:00.000Z' });
    });

    it('PATCH to a code the shop already has is a 422 on code; its own code is fine', async () => {
      const first = (await as(shop.token).post(percentage())).body.data;
      const second = (await as(shop.token).post(percentage())).body.data;
      const res = await as(shop.token).patch(second.id, { code: first.code.toLowerCase() });
      expectInvalid(res, ['code']);
      expect((await as(shop.token).patch(second.id, { code: second.code })).status).toBe(200);
    });

    it('times_used is read-only, and a usage_limit below it is a 422', async () => {
      const created = (await as(shop.token).post(percentage({ usage_limit: 10 }))).body.data;
      await t.db.query('UPDATE coupons SET times_used = 4 WHERE id = $1', [created.id]);
      const readOnly = await as(shop.token).patch(created.id, { times_used: 0 });
      expectInvalid(readOnly, ['times_used']);
      const below = await as(shop.token).patch(created.id, { usage_limit: 3 });
      expectInvalid(below, ['usage_limit']);
      const ok = await as(shop.token).patch(created.id, { usage_limit: 4 });
      expect(ok.status).toBe(200);
      expect(ok.body.data).toMatchObject({ usage_limit: 4, times_used: 4 });
    });

    it.each([
      [{ code: null }, 'code'],
      [{ coupon_type: null }, 'coupon_type'],
      [{ value: null }, 'value'],
      [{ is_active: null }, 'is_active'],
      [{ excluded_product_ids: null }, 'excluded_product_ids'],
    ])('PATCH 422 for %j', async (body, field) => {
      const created = (await as(shop.token).post(percentage())).body.data;
      const res = await as(shop.token).patch(created.id, body);
      expectInvalid(res, [field]);
    });

    it('DELETE 204, then 404', async () => {
      const created = (await as(shop.token).post(percentage())).body.data;
      const res = await as(shop.token).delete(created.id);
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expect((await as(shop.token).get(created.id)).status).toBe(404);
    });

    it.each(['nope', '42', '00000000-0000-4000-8000-000000000000'])('404 for the id %s', async (id) => {
      expect((await as(shop.token).get(id)).status).toBe(404);
      expect((await as(shop.token).patch(id, { value: 1 })).status).toBe(404);
      expect((await as(shop.token).delete(id)).status).toBe(404);
    });

    it("another shop's coupon is a 404 on every verb and stays untouched", async () => {
      const theirs = (await as(otherShop.token).post(percentage())).body.data;
      expect((await as(shop.token).get(theirs.id)).status).toBe(404);
      expect((await as(shop.token).patch(theirs.id, { value: 99 })).status).toBe(404);
      expect((await as(shop.token).delete(theirs.id)).status).toBe(404);
      expect((await as(otherShop.token).get(theirs.id)).body.data).toEqual(theirs);
    });
  });
});
