import { QueryBus } from '@nestjs/cqrs';
import { createLocation, createProduct } from '@test/support/commerce-factories';
import { authHeader, createTenant, createTenantWithOwner } from '@test/support/factories';
import { useTestApp } from '@test/support/test-app';
import {
  GetStorefrontShopQuery,
  ListStorefrontProductsQuery,
  type StorefrontProductsRequest,
  type StorefrontProductsView,
  type StorefrontShopView,
} from '@modules/storefront';

/** The storefront's queries as the hosted pages use them, through the QueryBus (decisions §18). */
describe('Storefront queries', () => {
  const t = useTestApp();
  const shopOf = (slug: string) => t.get(QueryBus).execute<GetStorefrontShopQuery, StorefrontShopView>(new GetStorefrontShopQuery(slug));
  const productsOf = (slug: string, request: StorefrontProductsRequest = {}) =>
    t.get(QueryBus).execute<ListStorefrontProductsQuery, StorefrontProductsView>(new ListStorefrontProductsQuery(slug, request));

  it("answers a public shop's profile and active locations, with its id and an entity tag beside them", async () => {
    const tenant = await createTenant(t, { name: 'Café Niño', slogan: 'Buen café', tags: ['coffee'], language: 'en' });
    const main = await createLocation(t, tenant.id, { name: 'Centro', isPrimary: true, deliveryFee: '40.00' });
    await createLocation(t, tenant.id, { name: 'Closed', isPrimary: false, isActive: false });

    const view = await shopOf(tenant.slug.toUpperCase());
    expect(view.tenantId).toBe(tenant.id);
    expect(view.language).toBe('en');
    expect(view.etag).toMatch(/^"[\w-]{27}"$/);
    expect(view.shop).toEqual({
      slug: tenant.slug,
      name: 'Café Niño',
      description: null,
      slogan: 'Buen café',
      seo_title: null,
      seo_description: null,
      tags: ['coffee'],
      currency: 'HNL',
      payment_methods: ['cash'],
      bank_transfer_instructions: null,
      phone: null,
      whatsapp: null,
      email: null,
      address: null,
      logo_url: null,
      social_links: {},
      locations: [{ id: main.id, name: 'Centro', address: null, phone: null, delivery_fee: 40, is_primary: true }],
    });
    expect((await shopOf(tenant.slug)).etag).toBe(view.etag);
  });

  it("answers the shop's contact details and each location's phone, and a new entity tag once they change", async () => {
    const { tenant, token } = await createTenantWithOwner(t);
    const main = await createLocation(t, tenant.id, { name: 'Centro', address: 'Col. Palmira', isPrimary: true });
    await t.db.query(`UPDATE locations SET phone = '+504 2222-3333' WHERE id = $1`, [main.id]);
    const before = await shopOf(tenant.slug);
    const contact = {
      phone: '2222-4444',
      whatsapp: '+50499990000',
      email: 'hola@tienda.hn',
      address: 'Tegucigalpa',
      logo_url: 'https://cdn.example.com/logo.png',
      social_links: { instagram: 'https://www.instagram.com/tienda' },
    };
    expect((await t.http().patch('/api/v1/merchant/shop').set(authHeader(token)).send(contact)).status).toBe(200);
    const view = await shopOf(tenant.slug);
    expect(view.shop).toEqual(
      expect.objectContaining({
        ...contact,
        locations: [{ id: main.id, name: 'Centro', address: 'Col. Palmira', phone: '+504 2222-3333', delivery_fee: 50, is_primary: true }],
      }),
    );
    expect(view.etag).not.toBe(before.etag);
  });

  it.each([
    ['archived', { deletedAt: new Date() }],
    ['inactive', { status: 'inactive' as const }],
  ])('refuses an %s shop as not found, for both queries', async (_state, overrides) => {
    const tenant = await createTenant(t, overrides);
    await expect(shopOf(tenant.slug)).rejects.toMatchObject({ status: 404, message: 'Shop not found.' });
    await expect(productsOf(tenant.slug)).rejects.toMatchObject({ status: 404 });
    await expect(shopOf('no-such-shop-anywhere')).rejects.toMatchObject({ status: 404 });
  });

  it('lists active products by name, accents and case aside, then id, page after page', async () => {
    const tenant = await createTenant(t);
    for (const name of ['banana', 'Árbol', 'apple', 'Cereza', 'avena']) await createProduct(t, tenant.id, { name });
    await createProduct(t, tenant.id, { name: 'Aaa hidden', isActive: false });

    const first = await productsOf(tenant.slug, { limit: 2 });
    expect(first.tenantId).toBe(tenant.id);
    expect(first.page.data.map((product) => product.name)).toEqual(['apple', 'Árbol']);
    const second = await productsOf(tenant.slug, { limit: 2, cursor: first.page.next_cursor! });
    expect(second.page.data.map((product) => product.name)).toEqual(['avena', 'banana']);
    const third = await productsOf(tenant.slug, { limit: 2, cursor: second.page.next_cursor! });
    expect(third.page.data.map((product) => product.name)).toEqual(['Cereza']);
    expect(third.page.next_cursor).toBeNull();
  });
});
