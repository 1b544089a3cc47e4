import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { TenantDirectory } from '@modules/accounts';
import { CatalogQueries } from '@modules/catalog';
import { StorefrontNotFoundError } from '@modules/storefront/domain/storefront.errors';
import {
  ListPublicShopsQuery,
  ListShopSitemapEntriesQuery,
  type PublicShopEntries,
  type ShopSitemapEntries,
} from './list-sitemap-entries.query';

/** A shop's sitemap, a page at a time (keyset on the product's id: every page is one index descent). */
@QueryHandler(ListShopSitemapEntriesQuery)
export class ListShopSitemapEntriesHandler implements IQueryHandler<ListShopSitemapEntriesQuery, ShopSitemapEntries> {
  constructor(
    private readonly tenants: TenantDirectory,
    private readonly catalog: CatalogQueries,
  ) {}

  async execute({ slug, afterId, limit }: ListShopSitemapEntriesQuery): Promise<ShopSitemapEntries> {
    const profile = await this.tenants.publicProfile(slug);
    if (!profile) throw new StorefrontNotFoundError();
    return { tenantId: profile.id, slug: profile.slug, products: await this.catalog.storefrontSitemapEntries(profile.id, afterId, limit) };
  }
}

/** The sitemap index, a page at a time (keyset on the slug). */
@QueryHandler(ListPublicShopsQuery)
export class ListPublicShopsHandler implements IQueryHandler<ListPublicShopsQuery, PublicShopEntries> {
  constructor(private readonly tenants: TenantDirectory) {}

  execute({ after, limit }: ListPublicShopsQuery): Promise<PublicShopEntries> {
    return this.tenants.publicShops(after, limit);
  }
}
