import { QueryBus } from '@nestjs/cqrs';
import { createLocation, createProduct } from '@test/support/commerce-factories';
import { createTenant } from '@test/support/factories';
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
      locations: [{ id: main.id, name: 'Centro', address: null, delivery_fee: 40, is_primary: true }],
    });
    expect((await shopOf(tenant.slug)).etag).toBe(view.etag);
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
