import { createCategory, createProduct, createShop } from '@test/support/commerce-factories';
import { authHeader, createTenantWithOwner, createUser } from '@test/support/factories';
import { expectInvalid, useMerchantResource, withoutToken } from '@test/support/http-clients';

const PATH = '/api/v1/merchant/categories';

describe('Merchant categories', () => {
  const { t, shop, otherShop, as } = useMerchantResource(PATH);
  const product = (token: string) => ({
    post: (body: object) => t.http().post('/api/v1/merchant/products').set(authHeader(token)).send(body),
    patch: (id: number, body: object) => t.http().patch(`/api/v1/merchant/products/${id}`).set(authHeader(token)).send(body),
    get: (id: number) => t.http().get(`/api/v1/merchant/products/${id}`).set(authHeader(token)),
  });
  const coupon = (token: string, body: object) => t.http().post('/api/v1/merchant/coupons').set(authHeader(token)).send(body);
  const storefront = (slug: string, path = '') => t.http().get(`/api/v1/storefront/${slug}${path}`);

  it('answers 401 without a token, 403 without a shop and 404 for another shop or a bad id', async () => {
    const { id } = await createCategory(t, shop.tenant.id);
    expect((await withoutToken(t, PATH, id, { name: 'x' })).map((res) => res.status)).toEqual([401, 401, 401, 401, 401]);
    const { token } = await createUser(t);
    expect((await as(token).get(id)).status).toBe(403);
    expect((await as(otherShop.token).get(id)).status).toBe(404);
    expect((await as(otherShop.token).patch(id, { name: 'Mine' })).status).toBe(404);
    expect((await as(otherShop.token).delete(id)).status).toBe(404);
    for (const bad of ['abc', '0', '99999999999']) expect((await as(shop.token).get(bad)).status).toBe(404);
  });

  describe('CRUD', () => {
    it('creates one (trimmed, slug from the name, last in the list) and reads it back', async () => {
      const own = await createTenantWithOwner(t);
      const first = await as(own.token).post({ name: '  Cafés & Tés ' });
      expect(first.status).toBe(201);
      expect(first.body).toEqual({
        data: {
          id: expect.any(Number),
          name: 'Cafés & Tés',
          slug: 'cafes-tes',
          position: 0,
          product_count: 0,
          created_at: expect.any(String),
          updated_at: expect.any(String),
        },
      });
      expect((await as(own.token).get(first.body.data.id)).body).toEqual(first.body);
      const second = await as(own.token).post({ name: 'Postres' });
      expect(second.body.data).toMatchObject({ slug: 'postres', position: 1 });
      // Another name with the same slug gets a suffix.
      expect((await as(own.token).post({ name: 'Cafes Tes' })).body.data).toMatchObject({ slug: 'cafes-tes-2', position: 2 });
      expect((await as(own.token).post({ name: 'Bebidas', position: 0 })).body.data).toMatchObject({ position: 0 });
    });

    it('lists the own categories by position then id, in the data envelope with meta', async () => {
      const own = await createTenantWithOwner(t);
      const b = (await as(own.token).post({ name: 'B', position: 5 })).body.data;
      const a = (await as(own.token).post({ name: 'A', position: 1 })).body.data;
      const c = (await as(own.token).post({ name: 'C', position: 5 })).body.data;
      await product(own.token).post({ name: 'x', price: 1, category_id: a.id });
      const res = await as(own.token).list();
      expect(res.status).toBe(200);
      expect(res.body.data.map((category: { id: number }) => category.id)).toEqual([a.id, b.id, c.id]);
      expect(res.body.data[0].product_count).toBe(1);
      expect(res.body.meta.total).toBe(3);
      expect((await as(otherShop.token).list()).body.data.map((category: { id: number }) => category.id)).not.toContain(a.id);
    });

    it('renames (a new slug follows) and moves; PATCH changes only what is sent', async () => {
      const created = (await as(shop.token).post({ name: 'Bebidas frías' })).body.data;
      const renamed = await as(shop.token).patch(created.id, { name: 'Bebidas calientes' });
      expect(renamed.status).toBe(200);
      expect(renamed.body.data).toEqual({
        ...created,
        name: 'Bebidas calientes',
        slug: 'bebidas-calientes',
        updated_at: expect.any(String),
      });
      const moved = await as(shop.token).patch(created.id, { position: 9 });
      expect(moved.body.data).toEqual({ ...renamed.body.data, position: 9, updated_at: expect.any(String) });
      // The same name in other case is the category's own name: allowed.
      expect((await as(shop.token).patch(created.id, { name: 'BEBIDAS CALIENTES' })).status).toBe(200);
    });

    it('deletes one: 204, then 404; its products stay, uncategorised', async () => {
      const created = (await as(shop.token).post({ name: 'Temporada' })).body.data;
      const item = (await product(shop.token).post({ name: 'Ponche', price: 20, category_id: created.id })).body.data;
      expect(item.category_id).toBe(created.id);
      expect((await as(shop.token).get(created.id)).body.data.product_count).toBe(1);
      expect((await as(shop.token).delete(created.id)).status).toBe(204);
      expect((await as(shop.token).get(created.id)).status).toBe(404);
      expect((await as(shop.token).delete(created.id)).status).toBe(404);
      const after = await product(shop.token).get(item.id);
      expect(after.status).toBe(200);
      expect(after.body.data.category_id).toBeNull();
    });
  });

  describe('validation', () => {
    it.each([
      [{}, 'name'],
      [{ name: '' }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: null }, 'name'],
      [{ name: 12 }, 'name'],
      [{ name: 'x'.repeat(121) }, 'name'],
      [{ name: 'Ok', position: -1 }, 'position'],
      [{ name: 'Ok', position: 1.5 }, 'position'],
      [{ name: 'Ok', position: '2' }, 'position'],
      [{ name: 'Ok', position: null }, 'position'],
      [{ name: 'Ok', position: 2 ** 31 }, 'position'],
      [{ name: 'Ok', slug: 'mine' }, 'slug'],
    ])('refuses %j at its field', async (body, field) => {
      expectInvalid(await as(shop.token).post(body), [field]);
    });

    it('refuses bad values on PATCH too', async () => {
      const created = (await as(shop.token).post({ name: 'Validada' })).body.data;
      expectInvalid(await as(shop.token).patch(created.id, { name: null }), ['name']);
      expectInvalid(await as(shop.token).patch(created.id, { name: ' ' }), ['name']);
      expectInvalid(await as(shop.token).patch(created.id, { position: -3 }), ['position']);
    });

    it('accepts a name of exactly 120 characters, and one without letters (slug "categoria")', async () => {
      expect((await as(shop.token).post({ name: 'y'.repeat(120) })).status).toBe(201);
      expect((await as(shop.token).post({ name: '¡¡!!' })).body.data.slug).toMatch(/^categoria(-\d+)?$/);
    });
  });

  describe('uniqueness', () => {
    it('refuses a name another category of the shop has, case aside, with 422 at name; another shop may have it', async () => {
      const own = await createTenantWithOwner(t);
      expect((await as(own.token).post({ name: 'Panadería' })).status).toBe(201);
      const taken = await as(own.token).post({ name: 'PANADERÍA' });
      expectInvalid(taken, ['name']);
      expect(taken.body.errors.name).toEqual(['The name has already been taken.']);
      const other = (await as(own.token).post({ name: 'Pastelería' })).body.data;
      expectInvalid(await as(own.token).patch(other.id, { name: ' panadería ' }), ['name']);
      expect((await as(otherShop.token).post({ name: 'Panadería' })).status).toBe(201);
    });

    it('creates exactly one of 10 concurrent creates of one name in one shop', async () => {
      const own = await createTenantWithOwner(t);
      const answers = await Promise.all(Array.from({ length: 10 }, () => as(own.token).post({ name: 'Ofertas' })));
      expect(answers.filter((res) => res.status === 201)).toHaveLength(1);
      for (const res of answers.filter((answer) => answer.status !== 201)) expectInvalid(res, ['name']);
      const [row] = await t.db.query('SELECT count(*)::int AS n FROM categories WHERE tenant_id = $1', [own.tenant.id]);
      expect(row.n).toBe(1);
    });
  });

  describe("a product's and a coupon's categories", () => {
    it("refuses another shop's or an unknown category on a product, at category_id", async () => {
      const foreign = await createCategory(t, otherShop.tenant.id);
      expectInvalid(await product(shop.token).post({ name: 'x', price: 1, category_id: foreign.id }), ['category_id']);
      expectInvalid(await product(shop.token).post({ name: 'x', price: 1, category_id: 2147483647 }), ['category_id']);
      const own = await createCategory(t, shop.tenant.id);
      const created = await product(shop.token).post({ name: 'x', price: 1, category_id: own.id });
      expect(created.status).toBe(201);
      expectInvalid(await product(shop.token).patch(created.body.data.id, { category_id: foreign.id }), ['category_id']);
      expect((await product(shop.token).get(created.body.data.id)).body.data.category_id).toBe(own.id);
    });

    it("refuses another shop's or an unknown category among a coupon's excluded_category_ids, at the element", async () => {
      const foreign = await createCategory(t, otherShop.tenant.id);
      const own = await createCategory(t, shop.tenant.id);
      const body = (ids: number[]) => ({
        code: `CAT${Date.now().toString(36)}${ids.length}`,
        coupon_type: 'fixed',
        value: 5,
        excluded_category_ids: ids,
      });
      const refused = await coupon(shop.token, body([own.id, foreign.id]));
      expectInvalid(refused, ['excluded_category_ids.1']);
      expect(refused.body.errors['excluded_category_ids.1']).toEqual([`The category ${foreign.id} does not exist in this shop.`]);
      const accepted = await coupon(shop.token, body([own.id]));
      expect(accepted.status).toBe(201);
      expect(accepted.body.data.excluded_category_ids).toEqual([own.id]);
      const patched = await t
        .http()
        .patch(`/api/v1/merchant/coupons/${accepted.body.data.id}`)
        .set(authHeader(shop.token))
        .send({
          excluded_category_ids: [foreign.id],
        });
      expectInvalid(patched, ['excluded_category_ids.0']);
    });

    it('answers the refusals in Spanish to a Spanish request', async () => {
      const res = await t.http().post(PATH).set(authHeader(shop.token)).set('Accept-Language', 'es').send({ name: '' });
      expect(res.status).toBe(422);
      expect(res.body.errors.name[0]).toMatch(/^El campo name/);
    });
  });

  describe('storefront', () => {
    it('lists the categories with active products and filters the products by ?category=', async () => {
      const { tenant, token } = await createShop(t);
      const drinks = (await as(token).post({ name: 'Bebidas' })).body.data;
      const food = (await as(token).post({ name: 'Comida' })).body.data;
      const empty = (await as(token).post({ name: 'Vacía' })).body.data;
      const hidden = (await as(token).post({ name: 'Oculta' })).body.data;
      await createProduct(t, tenant.id, { name: 'Jugo', categoryId: drinks.id });
      await createProduct(t, tenant.id, { name: 'Café', categoryId: drinks.id });
      await createProduct(t, tenant.id, { name: 'Agua apagada', categoryId: drinks.id, isActive: false });
      await createProduct(t, tenant.id, { name: 'Baleada', categoryId: food.id });
      await createProduct(t, tenant.id, { name: 'Inactiva', categoryId: hidden.id, isActive: false });
      await createProduct(t, tenant.id, { name: 'Suelto' });

      const categories = await storefront(tenant.slug, '/categories');
      expect(categories.status).toBe(200);
      expect(categories.headers.etag).toEqual(expect.any(String));
      expect(categories.body).toEqual({
        data: [
          { id: drinks.id, name: 'Bebidas', slug: 'bebidas', product_count: 2 },
          { id: food.id, name: 'Comida', slug: 'comida', product_count: 1 },
        ],
      });
      expect(categories.body.data.map((category: { id: number }) => category.id)).not.toContain(empty.id);

      const names = async (query: string) =>
        (await storefront(tenant.slug, `/products${query}`)).body.data.map((item: { name: string }) => item.name);
      expect(await names('?category=bebidas')).toEqual(['Café', 'Jugo']);
      expect(await names('?category=comida')).toEqual(['Baleada']);
      expect(await names('?category=bebidas&q=jugo')).toEqual(['Jugo']);
      expect(await names('')).toEqual(['Baleada', 'Café', 'Jugo', 'Suelto']);
      // An unknown slug, or one no category could have: an empty list.
      expect(await names('?category=no-such')).toEqual([]);
      expect(await names('?category=%C3%91%00x')).toEqual([]);
      const paged = await storefront(tenant.slug, '/products?category=bebidas&limit=1');
      expect(paged.body.data.map((item: { name: string }) => item.name)).toEqual(['Café']);
      const next = await storefront(tenant.slug, `/products?category=bebidas&limit=1&cursor=${paged.body.next_cursor}`);
      expect(next.body).toEqual({ data: [expect.objectContaining({ name: 'Jugo' })], next_cursor: null });
      expectInvalid(await storefront(tenant.slug, `/products?category=${'a'.repeat(141)}`), ['category']);
      expect((await storefront('no-such-shop-anywhere', '/categories')).status).toBe(404);
    });

    it('drops the cached public catalog at once when a category or a product moves', async () => {
      const { tenant, token } = await createShop(t);
      const teas = (await as(token).post({ name: 'Tés' })).body.data;
      const tea = await createProduct(t, tenant.id, { name: 'Manzanilla', categoryId: teas.id });
      const listed = async () => (await storefront(tenant.slug, '/categories')).body.data;
      const inTeas = async () =>
        (await storefront(tenant.slug, '/products?category=tes')).body.data.map((item: { name: string }) => item.name);

      expect(await listed()).toEqual([{ id: teas.id, name: 'Tés', slug: 'tes', product_count: 1 }]);
      expect(await inTeas()).toEqual(['Manzanilla']);
      // Served from memory now.
      expect((await storefront(tenant.slug, '/categories')).headers.age).toEqual(expect.any(String));

      // Renamed: the old slug lists nothing, the new one everything, at once.
      await as(token).patch(teas.id, { name: 'Infusiones' });
      expect(await listed()).toEqual([{ id: teas.id, name: 'Infusiones', slug: 'infusiones', product_count: 1 }]);
      expect(await inTeas()).toEqual([]);

      // A new category with a product moved into it.
      const herbs = (await as(token).post({ name: 'Hierbas' })).body.data;
      expect((await product(token).patch(tea.id, { category_id: herbs.id })).status).toBe(200);
      expect(await listed()).toEqual([{ id: herbs.id, name: 'Hierbas', slug: 'hierbas', product_count: 1 }]);

      // Deleted: no category left to list.
      expect((await as(token).delete(herbs.id)).status).toBe(204);
      expect(await listed()).toEqual([]);
      expect((await storefront(tenant.slug, '/products?category=hierbas')).body.data.map((item: { name: string }) => item.name)).toEqual(
        [],
      );
    });
  });
});
