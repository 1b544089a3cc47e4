import { randomUUID } from 'node:crypto';
import { SHOP_PAGE_CACHE } from '@modules/shop-pages/queries/show-shop-page/show-shop-page.handler';
import type { PageCache } from '@modules/shop-pages/rendering/page-cache';
import { CatalogCopies } from '@modules/storefront/catalog-copies';
import { createProduct, createShop } from '@test/support/commerce-factories';
import { authHeader } from '@test/support/factories';
import { useTestApp, type TestApp } from '@test/support/test-app';
import { waitFor } from '@test/support/wait';

const POSTGRES_ONLY = { REDIS_URL: '', STORE_BACKEND: 'postgres', QUEUE_BACKEND: 'postgres' };

/** What an instance holds of a shop: its pages (the cache keys start with the slug) and its catalog copies. */
function holds(t: TestApp, slug: string): { pages: number; shop: boolean; products: boolean } {
  const pages = t
    .get<PageCache>(SHOP_PAGE_CACHE)
    .keys()
    .filter((key) => key.startsWith(JSON.stringify([slug]).slice(0, -1)));
  const copies = t.get(CatalogCopies);
  return {
    pages: pages.length,
    shop: copies.copy(JSON.stringify(['shop', slug])) !== null,
    products: copies.copy(JSON.stringify(['products', slug, null, null, 24])) !== null,
  };
}

/**
 * Two API instances on one database: a change of a shop made through one drops the other's copies
 * of that shop at once, through Redis, or PostgreSQL's NOTIFY without Redis (docs/storefront.md,
 * "When PostgreSQL or Redis is away").
 */
describe.each([
  ['Redis', {}],
  ['PostgreSQL only', POSTGRES_ONLY],
])('Catalog changes reach every instance (%s)', (_mode, env: Record<string, string>) => {
  jest.setTimeout(60_000);
  const prefix = `catalog-changes-${randomUUID().slice(0, 8)}`;
  const one = useTestApp({ role: 'api', env: { ...env, QUEUE_PREFIX: prefix } });
  const other = useTestApp({ role: 'api', env: { ...env, QUEUE_PREFIX: prefix } });

  it('a product changed through one instance drops the shop pages and catalog copies of the other', async () => {
    const { tenant, token } = await createShop(one);
    const product = await createProduct(one, tenant.id, { name: 'Té verde' });
    const bystander = await createShop(one);
    await createProduct(one, bystander.tenant.id, { name: 'Yerba' });
    for (const slug of [tenant.slug, bystander.tenant.slug]) {
      expect((await other.http().get(`/s/${slug}`)).status).toBe(200);
      expect((await other.http().get(`/api/v1/storefront/${slug}`)).status).toBe(200);
      expect((await other.http().get(`/api/v1/storefront/${slug}/products`)).status).toBe(200);
    }
    expect(holds(other, tenant.slug)).toEqual({ pages: 1, shop: true, products: true });

    const changed = await one.http().patch(`/api/v1/merchant/products/${product.id}`).set(authHeader(token)).send({ name: 'Té negro' });
    expect(changed.status).toBe(200);
    // The instance that made the change dropped its own copies before answering.
    expect(holds(one, tenant.slug)).toEqual({ pages: 0, shop: false, products: false });

    await waitFor(
      () => {
        const held = holds(other, tenant.slug);
        return held.pages === 0 && !held.shop && !held.products;
      },
      { what: "the other instance to drop the shop's copies" },
    );
    // Within the page's 10 s of freshness: only the change could have dropped it.
    const page = await other.http().get(`/s/${tenant.slug}`);
    expect(page.text).toContain('Té negro');
    expect(page.text).not.toContain('Té verde');
    // Another shop keeps its copies.
    expect(holds(other, bystander.tenant.slug)).toEqual({ pages: 1, shop: true, products: true });
  });

  it("a change of the shop's profile or locations drops them too", async () => {
    const { tenant, token } = await createShop(one);
    expect((await other.http().get(`/s/${tenant.slug}`)).status).toBe(200);
    expect((await other.http().get(`/api/v1/storefront/${tenant.slug}`)).status).toBe(200);

    const profile = await one.http().patch('/api/v1/merchant/shop').set(authHeader(token)).send({ slogan: 'Recién tostado' });
    expect(profile.status).toBe(200);
    await waitFor(() => holds(other, tenant.slug).pages === 0 && !holds(other, tenant.slug).shop, {
      what: 'the profile change to drop the copies',
    });
    expect((await other.http().get(`/api/v1/storefront/${tenant.slug}`)).body.data.slogan).toBe('Recién tostado');

    expect((await other.http().get(`/s/${tenant.slug}`)).status).toBe(200);
    const location = await one.http().post('/api/v1/merchant/locations').set(authHeader(token)).send({ name: 'Kiosco' });
    expect(location.status).toBe(201);
    await waitFor(() => holds(other, tenant.slug).pages === 0 && !holds(other, tenant.slug).shop, {
      what: 'the new location to drop the copies',
    });
  });
});
