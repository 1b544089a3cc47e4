import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { TenantDirectory } from '@modules/accounts';
import { CatalogQueries } from '@modules/catalog';
import { StorefrontNotFoundError } from '@modules/storefront/domain/storefront.errors';
import { entityTag } from '@modules/storefront/domain/storefront-etag';
import type { StorefrontCategoriesView } from '@modules/storefront/domain/storefront-views';
import { ListStorefrontCategoriesQuery } from './list-storefront-categories.query';

@QueryHandler(ListStorefrontCategoriesQuery)
export class ListStorefrontCategoriesHandler implements IQueryHandler<ListStorefrontCategoriesQuery, StorefrontCategoriesView> {
  constructor(
    private readonly tenants: TenantDirectory,
    private readonly catalog: CatalogQueries,
  ) {}

  async execute({ slug }: ListStorefrontCategoriesQuery): Promise<StorefrontCategoriesView> {
    const profile = await this.tenants.publicProfile(slug);
    if (!profile) throw new StorefrontNotFoundError();
    const categories = await this.catalog.storefrontCategories(profile.id);
    return { categories, tenantId: profile.id, etag: entityTag({ data: categories }) };
  }
}
