import { randomUUID } from 'node:crypto';
import { createLocation, createProduct } from '@test/support/commerce-factories';
import { authHeader, createTenant, createTenantWithOwner } from '@test/support/factories';
import { expectInvalid, rateLimitOf, uniqueClientIp } from '@test/support/http-clients';
import { useTestApp, withTestApp } from '@test/support/test-app';
import { waitFor } from '@test/support/wait';

const CACHE_CONTROL = 'public, max-age=30, stale-while-revalidate=300';

describe('Storefront catalog API (decisions §18)', () => {
  const t = useTestApp();
  /** A GET from a client address of its own, so that no test shares a rate-limit counter. */
  const get = (path: string, headers: Record<string, string> = {}) =>
    t.http().get(path).set('X-Forwarded-For', uniqueClientIp()).set(headers);
  const products = (slug: string, query = '') => get(`/api/v1/storefront/${slug}/products${query}`);
  const names = (body: { data: Array<{ name: string }> }) => body.data.map((product) => product.name);

  describe('GET /api/v1/storefront/{slug}', () => {
    it('shows the public profile and the active locations, primary first, without a token', async () => {
      const tenant = await createTenant(t, {
        name: 'Café Niño',
        description: 'Café de altura',
        slogan: 'Buen café',
        seoTitle: 'Café Niño | Tegucigalpa',
        seoDescription: 'Café tostado',
        tags: ['café', 'tostado'],
      });
      const branch = await createLocation(t, tenant.id, { name: 'Anillo', isPrimary: false, deliveryFee: '25.50' });
      const main = await createLocation(t, tenant.id, { name: 'Zona Centro', isPrimary: true, deliveryFee: '40.00' });
      await createLocation(t, tenant.id, { name: 'Closed', isPrimary: false, isActive: false });

      const res = await get(`/api/v1/storefront/${tenant.slug}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        data: {
          slug: tenant.slug,
          name: 'Café Niño',
          description: 'Café de altura',
          slogan: 'Buen café',
          seo_title: 'Café Niño | Tegucigalpa',
          seo_description: 'Café tostado',
          tags: ['café', 'tostado'],
          currency: 'HNL',
          payment_methods: ['cash'],
          bank_transfer_instructions: null,
          phone: null,
          whatsapp: null,
          email: null,
          address: null,
          logo_url: null,
          social_links: {},
          locations: [
            { id: main.id, name: 'Zona Centro', address: null, phone: null, delivery_fee: 40, is_primary: true },
            { id: branch.id, name: 'Anillo', address: null, phone: null, delivery_fee: 25.5, is_primary: false },
          ],
        },
      });
      expect(res.headers['cache-control']).toBe(CACHE_CONTROL);
      expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    });

    it("shows the shop's contact details and each location's phone (public data), and a change of them at once", async () => {
      const { tenant, token } = await createTenantWithOwner(t);
      const merchant = (path: string) => t.http().patch(path).set(authHeader(token));
      const location = (
        await t
          .http()
          .post('/api/v1/merchant/locations')
          .set(authHeader(token))
          .send({ name: 'Centro', address: 'Col. Palmira, Tegucigalpa', phone: '+504 2222-3333', is_primary: true })
      ).body.data;
      const contact = {
        phone: '+504 2222-4444',
        whatsapp: '+50499990000',
        email: 'hola@tienda.hn',
        address: 'Boulevard Morazán, Tegucigalpa',
        logo_url: 'https://cdn.example.com/logo.png',
        social_links: { facebook: 'https://www.facebook.com/tienda', tiktok: 'https://www.tiktok.com/@tienda' },
      };
      expect((await merchant('/api/v1/merchant/shop').send(contact)).status).toBe(200);

      const res = await get(`/api/v1/storefront/${tenant.slug}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual(
        expect.objectContaining({
          ...contact,
          locations: [
            {
              id: location.id,
              name: 'Centro',
              address: 'Col. Palmira, Tegucigalpa',
              phone: '+504 2222-3333',
              delivery_fee: 0,
              is_primary: true,
            },
          ],
        }),
      );

      // A change made through the service is answered at once (the copy in memory is dropped), the location's too.
      expect((await merchant('/api/v1/merchant/shop').send({ whatsapp: '+50488887777', social_links: null })).status).toBe(200);
      expect((await merchant(`/api/v1/merchant/locations/${location.id}`).send({ phone: null })).status).toBe(200);
      const changed = (await get(`/api/v1/storefront/${tenant.slug}`)).body.data;
      expect(changed).toEqual(expect.objectContaining({ whatsapp: '+50488887777', social_links: {}, phone: '+504 2222-4444' }));
      expect(changed.locations[0].phone).toBeNull();
    });

    it('answers 304 without a body to If-None-Match of the current ETag, and 200 once the shop changed', async () => {
      const { tenant, token } = await createTenantWithOwner(t, { tenant: { slogan: 'Uno' } });
      const first = await get(`/api/v1/storefront/${tenant.slug}`);
      const etag = first.headers.etag;

      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const again = await get(`/api/v1/storefront/${tenant.slug}`, { 'If-None-Match': ifNoneMatch });
        expect({ ifNoneMatch, status: again.status, text: again.text ?? '' }).toEqual({ ifNoneMatch, status: 304, text: '' });
        expect(again.headers.etag).toBe(etag);
        expect(again.headers['cache-control']).toBe(CACHE_CONTROL);
      }
      expect((await get(`/api/v1/storefront/${tenant.slug}`, { 'If-None-Match': '"stale"' })).status).toBe(200);

      // A change made through the service drops the answer kept in memory at once.
      expect((await t.http().patch('/api/v1/merchant/shop').set(authHeader(token)).send({ slogan: 'Dos' })).status).toBe(200);
      const changed = await get(`/api/v1/storefront/${tenant.slug}`, { 'If-None-Match': etag });
      expect(changed.status).toBe(200);
      expect(changed.body.data.slogan).toBe('Dos');
      expect(changed.headers.etag).not.toBe(etag);
    });

    it('takes the slug in any case', async () => {
      const tenant = await createTenant(t);
      expect((await get(`/api/v1/storefront/${tenant.slug.toUpperCase()}`)).body.data.slug).toBe(tenant.slug);
    });

    it('answers 404 { message } for an unknown, archived or inactive shop, on both routes', async () => {
      const archived = await createTenant(t, { deletedAt: new Date() });
      const inactive = await createTenant(t, { status: 'inactive' });
      const hostile = ['x'.repeat(300), encodeURIComponent('ñ%_'), '%00', `${encodeURIComponent(archived.slug)}%00`];
      for (const slug of [archived.slug, inactive.slug, `no-shop-${randomUUID()}`, ...hostile]) {
        for (const path of [`/api/v1/storefront/${slug}`, `/api/v1/storefront/${slug}/products`]) {
          const res = await get(path);
          expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 404, body: { message: 'Shop not found.' } });
        }
      }
      // A path that is not UTF-8 cannot be decoded at all: Express's 400, in the contract's shape.
      const undecodable = await get('/api/v1/storefront/%ED%A0%80/products');
      expect([undecodable.status, undecodable.body]).toEqual([400, { message: expect.any(String) }]);
    });
  });

  describe('GET /api/v1/storefront/{slug}/products', () => {
    it('lists active products only, with price, description, image and availability but never the stock', async () => {
      const tenant = await createTenant(t);
      const shown = await createProduct(t, tenant.id, {
        name: 'Espresso',
        price: '45.50',
        stock: 40,
        description: 'Doble',
        imageUrl: 'https://cdn.example.com/espresso.jpg',
      });
      await createProduct(t, tenant.id, { name: 'Retired', isActive: false });
      const other = await createTenant(t);
      await createProduct(t, other.id, { name: 'Elsewhere' });

      const res = await products(tenant.slug);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        data: [
          {
            id: shown.id,
            name: 'Espresso',
            description: 'Doble',
            price: 45.5,
            image_url: 'https://cdn.example.com/espresso.jpg',
            availability: 'in_stock',
          },
        ],
        next_cursor: null,
      });
      expect(res.headers['cache-control']).toBe(CACHE_CONTROL);
    });

    it('tells in_stock, low_stock (5 or fewer available) and sold_out, counting live checkout holds and not expired ones', async () => {
      const { tenant } = await createTenantWithOwner(t);
      await createLocation(t, tenant.id);
      const stocks: Array<[string, number | null]> = [
        ['a untracked', null],
        ['b six', 6],
        ['c five', 5],
        ['d one', 1],
        ['e none', 0],
        ['f eight, three held', 8],
        ['g six, one held', 6],
        ['h four, four held', 4],
        ['i six, expired hold', 6],
      ];
      const ids: Record<string, number> = {};
      for (const [name, stock] of stocks) ids[name] = (await createProduct(t, tenant.id, { name, stock })).id;

      const hold = (productId: number, quantity: number) =>
        t
          .http()
          .post('/api/v1/checkout/hold-inventory')
          .set('X-Tenant-ID', tenant.id)
          .set('X-Forwarded-For', uniqueClientIp())
          .send({ session_id: `sess-${randomUUID()}`, items: [{ product_id: productId, quantity }] });
      expect((await hold(ids['f eight, three held'], 3)).status).toBe(200);
      expect((await hold(ids['g six, one held'], 1)).status).toBe(200);
      expect((await hold(ids['h four, four held'], 2)).status).toBe(200);
      expect((await hold(ids['h four, four held'], 2)).status).toBe(200);
      await t.db.query(
        `INSERT INTO inventory_holds (tenant_id, session_id, client_ip, product_id, quantity, first_held_at, expires_at)
         VALUES ($1, 'expired-session', '10.0.0.1', $2, 3, now() - interval '20 minutes', now() - interval '1 minute')`,
        [tenant.id, ids['i six, expired hold']],
      );

      const res = await products(tenant.slug);
      expect(res.body.data.map((product: { name: string; availability: string }) => [product.name, product.availability])).toEqual([
        ['a untracked', 'in_stock'],
        ['b six', 'in_stock'],
        ['c five', 'low_stock'],
        ['d one', 'low_stock'],
        ['e none', 'sold_out'],
        ['f eight, three held', 'low_stock'],
        ['g six, one held', 'low_stock'],
        ['h four, four held', 'sold_out'],
        ['i six, expired hold', 'in_stock'],
      ]);
      for (const product of res.body.data) {
        expect(Object.keys(product).sort()).toEqual(['availability', 'description', 'id', 'image_url', 'name', 'price']);
      }
    });

    it('finds products by name or description, case and accents aside, taking % and _ literally', async () => {
      const tenant = await createTenant(t);
      await createProduct(t, tenant.id, { name: 'Café Americano' });
      await createProduct(t, tenant.id, { name: 'Pastel', description: 'Con CAFÉ y canela' });
      await createProduct(t, tenant.id, { name: 'Piña colada' });
      await createProduct(t, tenant.id, { name: 'Té verde', description: '100% natural' });
      await createProduct(t, tenant.id, { name: 'Cafetera retirada', isActive: false });

      expect(names((await products(tenant.slug, '?q=cafe')).body)).toEqual(['Café Americano', 'Pastel']);
      expect(names((await products(tenant.slug, `?q=${encodeURIComponent('CAFÉ')}`)).body)).toEqual(['Café Americano', 'Pastel']);
      expect(names((await products(tenant.slug, '?q=pina')).body)).toEqual(['Piña colada']);
      expect(names((await products(tenant.slug, `?q=${encodeURIComponent('  TÉ   Verde ')}`)).body)).toEqual(['Té verde']);
      expect(names((await products(tenant.slug, `?q=${encodeURIComponent('0%')}`)).body)).toEqual(['Té verde']);
      expect(names((await products(tenant.slug, `?q=${encodeURIComponent('%')}`)).body)).toEqual(['Té verde']);
      expect(names((await products(tenant.slug, '?q=_')).body)).toEqual([]);
      expect(names((await products(tenant.slug, '?q=')).body)).toHaveLength(4);
    });

    it('finds a rare term past the first thousand products, and pages a common one by cursor', async () => {
      const tenant = await createTenant(t);
      await t.db.query(
        `INSERT INTO products (tenant_id, name, price, name_key, description_key)
         SELECT $1, 'Producto ' || lpad(n::text, 4, '0'), 1, 'producto ' || lpad(n::text, 4, '0'), '' FROM generate_series(1, 1100) AS n`,
        [tenant.id],
      );
      await createProduct(t, tenant.id, { name: 'Zapote maduro' });
      await createProduct(t, tenant.id, { name: 'Té', description: 'Con zapote' });
      expect(names((await products(tenant.slug, '?q=ZAPOTE')).body)).toEqual(['Té', 'Zapote maduro']);
      expect(names((await products(tenant.slug, '?q=producto 1099')).body)).toEqual(['Producto 1099']);

      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const res = await products(tenant.slug, `?q=producto&limit=100${cursor ? `&cursor=${cursor}` : ''}`);
        seen.push(...names(res.body));
        cursor = res.body.next_cursor;
      } while (cursor);
      expect(seen).toHaveLength(1100);
      expect(new Set(seen).size).toBe(1100);
      expect(seen.slice(-2)).toEqual(['Producto 1099', 'Producto 1100']);
    });

    it('keeps the search up to date with the merchant’s edits of the name and the description', async () => {
      const { tenant, token } = await createTenantWithOwner(t);
      const created = await t
        .http()
        .post('/api/v1/merchant/products')
        .set(authHeader(token))
        .send({ name: 'Galleta', price: 5, description: 'De avena' });
      expect(names((await products(tenant.slug, '?q=avena')).body)).toEqual(['Galleta']);

      await t
        .http()
        .patch(`/api/v1/merchant/products/${created.body.data.id}`)
        .set(authHeader(token))
        .send({ name: 'Galleta de jengibre', description: null });
      expect(names((await products(tenant.slug, '?q=avena')).body)).toEqual([]);
      expect(names((await products(tenant.slug, '?q=JENGIBRE')).body)).toEqual(['Galleta de jengibre']);
    });

    it('pages by cursor in name order (case and accents aside), ties by id, without gaps or repeats', async () => {
      const tenant = await createTenant(t);
      const created: Array<{ id: number; name: string }> = [];
      for (const name of ['mango', 'Ábaco', 'limón', 'Mango', 'banana', 'apio', 'Zanahoria']) {
        created.push(await createProduct(t, tenant.id, { name }));
      }
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res = await products(tenant.slug, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.status).toBe(200);
        expect(res.body.data.length).toBeLessThanOrEqual(2);
        seen.push(...names(res.body));
        cursor = res.body.next_cursor;
        pages += 1;
      } while (cursor);
      expect(pages).toBe(4);
      expect(seen).toEqual(['Ábaco', 'apio', 'banana', 'limón', 'mango', 'Mango', 'Zanahoria']);
      expect((await products(tenant.slug)).body.data).toHaveLength(7);
    });

    it('answers 24 products by default and at most 100', async () => {
      const tenant = await createTenant(t);
      await t.db.query(
        `INSERT INTO products (tenant_id, name, price, name_key)
         SELECT $1, 'P' || lpad(n::text, 3, '0'), 1, 'p' || lpad(n::text, 3, '0') FROM generate_series(1, 101) AS n`,
        [tenant.id],
      );
      const first = await products(tenant.slug);
      expect(first.body.data).toHaveLength(24);
      expect(first.body.next_cursor).toEqual(expect.any(String));
      const hundred = await products(tenant.slug, '?limit=100');
      expect(hundred.body.data).toHaveLength(100);
      const rest = await products(tenant.slug, `?limit=100&cursor=${hundred.body.next_cursor}`);
      expect(names(rest.body)).toEqual(['P101']);
      expect(rest.body.next_cursor).toBeNull();
    });

    it.each([
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      ['?limit=abc', 'limit'],
      ['?limit=2.5', 'limit'],
      ['?cursor=not-a-cursor', 'cursor'],
      [`?cursor=${Buffer.from(JSON.stringify(['orders', 'x', 1])).toString('base64url')}`, 'cursor'],
      [`?cursor=${Buffer.from(JSON.stringify(['storefront-products', 5, 'x'])).toString('base64url')}`, 'cursor'],
      [`?cursor=${'a'.repeat(3000)}`, 'cursor'],
      [`?q=${'a'.repeat(101)}`, 'q'],
      ['?q=caf%00e', 'q'],
      [`?cursor=${Buffer.from(JSON.stringify(['storefront-products', 'a\u0000', 1])).toString('base64url')}`, 'cursor'],
      ['?q=a&q=b', 'q'],
      ['?page=2', 'page'],
    ])('422 for %s on %s', async (query, field) => {
      const tenant = await createTenant(t);
      expectInvalid(await products(tenant.slug, query), [field]);
    });

    it('answers 304 to If-None-Match of the current page, and a new ETag once a hold changes what is available', async () => {
      const tenant = await createTenant(t);
      await createLocation(t, tenant.id);
      const product = await createProduct(t, tenant.id, { stock: 6 });
      const first = await products(tenant.slug);
      expect(first.headers.age).toBeUndefined();
      expect(first.body.data[0].availability).toBe('in_stock');
      const etag = first.headers.etag;

      const same = await products(tenant.slug, '').set('If-None-Match', etag);
      expect([same.status, same.text ?? '', same.headers.etag, same.headers['cache-control']]).toEqual([304, '', etag, CACHE_CONTROL]);

      const hold = await t
        .http()
        .post('/api/v1/checkout/hold-inventory')
        .set('X-Tenant-ID', tenant.id)
        .set('X-Forwarded-For', uniqueClientIp())
        .send({ session_id: `sess-${randomUUID()}`, items: [{ product_id: product.id, quantity: 1 }] });
      expect(hold.status).toBe(200);
      // A hold is no change of the catalog: availability may be as old as the answer in memory
      // (CATALOG_FRESH_SECONDS), then the next read shows it.
      const after = await waitFor(
        async () => {
          const res = await products(tenant.slug, '').set('If-None-Match', etag);
          return res.status === 200 ? res : null;
        },
        { timeoutMs: 15_000, intervalMs: 250, what: 'the hold to show once the answer in memory is past its freshness' },
      );
      expect(after.body.data[0].availability).toBe('low_stock');
      expect(after.headers.etag).not.toBe(etag);
      expect(after.headers.age).toBeUndefined();
    });
  });

  describe('rate limit', () => {
    it('counts both routes in the group storefront, per client IP, THROTTLE_STOREFRONT', async () => {
      await withTestApp({ env: { THROTTLE_STOREFRONT: '3/60' } }, async (app) => {
        const tenant = await createTenant(app);
        const ip = uniqueClientIp();
        const from = (address: string, path: string) => app.http().get(path).set('X-Forwarded-For', address);
        const shop = `/api/v1/storefront/${tenant.slug}`;

        const answers = [
          await from(ip, shop),
          await from(ip, `${shop}/products`),
          await from(ip, shop),
          await from(ip, `${shop}/products`),
        ];
        expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 429]);
        expect(answers.map((res) => rateLimitOf(res))).toEqual([
          { limit: 3, remaining: 2 },
          { limit: 3, remaining: 1 },
          { limit: 3, remaining: 0 },
          { limit: 3, remaining: 0 },
        ]);
        expect(answers[3].body).toEqual({ message: 'Too Many Attempts.' });
        expect(Number(answers[3].headers['retry-after'])).toBeGreaterThanOrEqual(1);
        expect((await from(uniqueClientIp(), shop)).status).toBe(200);
        // A refused request is refused whatever the shop: the count is per client, not per shop.
        expect((await from(ip, `/api/v1/storefront/no-such-shop-${randomUUID()}`)).status).toBe(429);
      });
    });
  });
});
