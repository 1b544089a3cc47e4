import { createCategory, createOrderWithProduct, createProduct } from '@test/support/commerce-factories';
import { createTenantWithOwner, createUser } from '@test/support/factories';
import { expectInvalid, useMerchantResource, withoutToken } from '@test/support/http-clients';

const PATH = '/api/v1/merchant/products';

describe('Merchant products (decisions §4)', () => {
  const { t, shop, otherShop, as } = useMerchantResource(PATH);

  describe('access', () => {
    it('answers 401 without a bearer token on every route', async () => {
      const { id } = await createProduct(t, shop.tenant.id);
      const responses = await withoutToken(t, PATH, id, { name: 'x', price: 1 });
      expect(responses.map((res) => [res.status, res.body])).toEqual(Array(5).fill([401, { message: 'Unauthenticated.' }]));
    });

    it('answers 403 { message } to a signed-in user without a shop', async () => {
      const { token } = await createUser(t);
      const res = await as(token).post({ name: 'x', price: 1 });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: expect.any(String) });
      expect((await as(token).list()).status).toBe(403);
    });

    it('lets a staff member of the shop manage products', async () => {
      const { token } = await createUser(t, { tenantId: shop.tenant.id, role: 'staff' });
      const res = await as(token).post({ name: 'By staff', price: 3 });
      expect(res.status).toBe(201);
    });
  });

  describe('create', () => {
    it('201 { data } with defaults, money as a JSON number', async () => {
      const res = await as(shop.token).post({ name: '  Espresso ', price: 19.9 });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        data: {
          id: expect.any(Number),
          name: 'Espresso',
          description: null,
          image_url: null,
          price: 19.9,
          category_id: null,
          stock: null,
          is_active: true,
          created_at: expect.any(String),
          updated_at: expect.any(String),
        },
      });
      expect(new Date(res.body.data.created_at).toISOString()).toBe(res.body.data.created_at);
      const [row] = await t.db.query('SELECT tenant_id, price::text AS price FROM products WHERE id = $1', [res.body.data.id]);
      expect(row).toEqual({ tenant_id: shop.tenant.id, price: '19.90' });
    });

    it('stores every field', async () => {
      const category = await createCategory(t, shop.tenant.id);
      const res = await as(shop.token).post({ name: 'Cake', price: 85.55, category_id: category.id, stock: 12, is_active: false });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ name: 'Cake', price: 85.55, category_id: category.id, stock: 12, is_active: false });
    });

    it('stores a description of 5,000 characters and an https image of 2,048, and shows them', async () => {
      const description = `Tostado oscuro. ${'é'.repeat(4984)}`;
      const imageUrl = `https://cdn.example.com/${'a'.repeat(2048 - 'https://cdn.example.com/'.length - 4)}.jpg`;
      expect([description.length, imageUrl.length]).toEqual([5000, 2048]);
      const res = await as(shop.token).post({ name: 'Beans', price: 5, description, image_url: imageUrl });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ description, image_url: imageUrl });
      expect((await as(shop.token).get(res.body.data.id)).body.data).toMatchObject({ description, image_url: imageUrl });
    });

    it.each([
      [{ price: 1 }, 'name'],
      [{ name: '', price: 1 }, 'name'],
      [{ name: 'x'.repeat(256), price: 1 }, 'name'],
      [{ name: 'x' }, 'price'],
      [{ name: 'x', price: -1 }, 'price'],
      [{ name: 'x', price: 1.999 }, 'price'],
      [{ name: 'x', price: '1.50' }, 'price'],
      [{ name: 'x', price: 1, category_id: 0 }, 'category_id'],
      [{ name: 'x', price: 1, category_id: 1.5 }, 'category_id'],
      [{ name: 'x', price: 1, stock: -1 }, 'stock'],
      [{ name: 'x', price: 1, stock: '5' }, 'stock'],
      [{ name: 'x', price: 1, is_active: null }, 'is_active'],
      [{ name: 'x', price: 1, is_active: 'yes' }, 'is_active'],
      [{ name: 'x', price: 1, description: 'x'.repeat(5001) }, 'description'],
      [{ name: 'x', price: 1, description: 5 }, 'description'],
      [{ name: 'x', price: 1, image_url: 'http://cdn.example.com/a.jpg' }, 'image_url'],
      [{ name: 'x', price: 1, image_url: 'ftp://cdn.example.com/a.jpg' }, 'image_url'],
      [{ name: 'x', price: 1, image_url: 'javascript:alert(1)' }, 'image_url'],
      [{ name: 'x', price: 1, image_url: 'cdn.example.com/a.jpg' }, 'image_url'],
      [{ name: 'x', price: 1, image_url: `https://cdn.example.com/${'a'.repeat(2030)}.jpg` }, 'image_url'],
      [{ name: 'x', price: 1, image_url: ['https://cdn.example.com/a.jpg'] }, 'image_url'],
      [{ name: 'x', price: 1, tenant_id: 'someone-else' }, 'tenant_id'],
      [{ name: 'x', price: 1, id: 5 }, 'id'],
    ])('422 for %j on %s', async (body, field) => {
      const res = await as(shop.token).post(body);
      expectInvalid(res, [field]);
    });

    it('a refused create stores no row', async () => {
      const before = await t.db.query('SELECT count(*)::int AS n FROM products WHERE tenant_id = $1', [shop.tenant.id]);
      await as(shop.token).post({ name: 'x', price: 1, tenant_id: otherShop.tenant.id });
      const after = await t.db.query('SELECT count(*)::int AS n FROM products WHERE tenant_id = $1', [shop.tenant.id]);
      expect(after[0].n).toBe(before[0].n);
    });
  });

  describe('read', () => {
    it('lists only the own shop, newest first, in the page envelope', async () => {
      const own = await createTenantWithOwner(t);
      const first = (await as(own.token).post({ name: 'First', price: 1 })).body.data;
      const second = (await as(own.token).post({ name: 'Second', price: 2 })).body.data;
      await as(otherShop.token).post({ name: 'Not mine', price: 3 });

      const res = await as(own.token).list();
      expect(res.status).toBe(200);
      expect(res.body.data.map((product: { id: number }) => product.id)).toEqual([second.id, first.id]);
      expect(res.body.data[0]).toEqual(second);
      expect(res.body.meta).toMatchObject({ current_page: 1, per_page: 50, total: 2, last_page: 1 });
      expect(res.body.links.next).toBeNull();
    });

    it('shows one product', async () => {
      const created = (await as(shop.token).post({ name: 'Show me', price: 7.5, stock: 3 })).body.data;
      const res = await as(shop.token).get(created.id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: created });
    });

    it.each(['abc', '1.5', '0', '-1', '99999999999', '1e3'])('404 for the id %s', async (id) => {
      const res = await as(shop.token).get(id);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: expect.any(String) });
    });

    it('rejects an invalid page with 422', async () => {
      expect((await as(shop.token).list('?page=0')).status).toBe(422);
    });
  });

  describe('update', () => {
    it('changes only the fields sent', async () => {
      const category = await createCategory(t, shop.tenant.id);
      const created = (await as(shop.token).post({ name: 'Tea', price: 10, category_id: category.id, stock: 5 })).body.data;
      const res = await as(shop.token).patch(created.id, { price: 12.25 });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ ...created, price: 12.25, updated_at: expect.any(String) });
    });

    it('sets, changes and clears (null) the description and the image', async () => {
      const created = (await as(shop.token).post({ name: 'Tea', price: 10 })).body.data;
      const set = await as(shop.token).patch(created.id, { description: 'Green', image_url: 'HTTPS://cdn.example.com/tea.png' });
      expect(set.status).toBe(200);
      expect(set.body.data).toMatchObject({ name: 'Tea', description: 'Green', image_url: 'HTTPS://cdn.example.com/tea.png' });
      const cleared = await as(shop.token).patch(created.id, { description: null, image_url: null });
      expect(cleared.body.data).toMatchObject({ name: 'Tea', description: null, image_url: null });
      const refused = await as(shop.token).patch(created.id, { image_url: 'http://cdn.example.com/tea.png' });
      expectInvalid(refused, ['image_url']);
    });

    it('null stock means untracked; null category clears it', async () => {
      const category = await createCategory(t, shop.tenant.id);
      const created = (await as(shop.token).post({ name: 'Tea', price: 10, category_id: category.id, stock: 5 })).body.data;
      const res = await as(shop.token).patch(created.id, { stock: null, category_id: null });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ stock: null, category_id: null });
    });

    it('an empty body changes nothing', async () => {
      const created = (await as(shop.token).post({ name: 'Tea', price: 10 })).body.data;
      const res = await as(shop.token).patch(created.id, {});
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ name: 'Tea', price: 10 });
    });

    it.each([
      [{ name: null }, 'name'],
      [{ price: null }, 'price'],
      [{ is_active: null }, 'is_active'],
      [{ price: 0.001 }, 'price'],
      [{ tenant_id: 'x' }, 'tenant_id'],
    ])('422 for %j', async (body, field) => {
      const created = (await as(shop.token).post({ name: 'Tea', price: 10 })).body.data;
      const res = await as(shop.token).patch(created.id, body);
      expectInvalid(res, [field]);
    });
  });

  describe('delete', () => {
    it('204 with no body, then 404', async () => {
      const created = (await as(shop.token).post({ name: 'Gone', price: 1 })).body.data;
      const res = await as(shop.token).delete(created.id);
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expect((await as(shop.token).get(created.id)).status).toBe(404);
      expect((await as(shop.token).delete(created.id)).status).toBe(404);
    });

    it('409 for a product that orders refer to; it stays and can be deactivated', async () => {
      const { id } = await createProduct(t, shop.tenant.id);
      await createOrderWithProduct(t, shop.tenant.id, id);
      const res = await as(shop.token).delete(id);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: expect.stringMatching(/orders/) });
      expect((await as(shop.token).get(id)).status).toBe(200);
      expect((await as(shop.token).patch(id, { is_active: false })).body.data.is_active).toBe(false);
    });
  });

  describe("another shop's product", () => {
    it('is a 404 on every verb and stays untouched', async () => {
      const theirs = (await as(otherShop.token).post({ name: 'Theirs', price: 5 })).body.data;
      expect((await as(shop.token).get(theirs.id)).status).toBe(404);
      expect((await as(shop.token).patch(theirs.id, { price: 0 })).status).toBe(404);
      expect((await as(shop.token).delete(theirs.id)).status).toBe(404);
      const res = await as(otherShop.token).get(theirs.id);
      expect(res.body.data).toEqual(theirs);
    });
  });
});
