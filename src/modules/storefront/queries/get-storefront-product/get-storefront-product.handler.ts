import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { TenantDirectory } from '@modules/accounts';
import { CatalogQueries } from '@modules/catalog';
import { StorefrontNotFoundError } from '@modules/storefront/domain/storefront.errors';
import { GetStorefrontProductQuery, type StorefrontProductView } from './get-storefront-product.query';

/** One product by its id (one row of `products`, whatever the size of the shop's catalog). */
@QueryHandler(GetStorefrontProductQuery)
export class GetStorefrontProductHandler implements IQueryHandler<GetStorefrontProductQuery, StorefrontProductView> {
  constructor(
    private readonly tenants: TenantDirectory,
    private readonly catalog: CatalogQueries,
  ) {}

  async execute({ slug, productId }: GetStorefrontProductQuery): Promise<StorefrontProductView> {
    const profile = await this.tenants.publicProfile(slug);
    if (!profile) throw new StorefrontNotFoundError();
    return { product: await this.catalog.storefrontProduct(profile.id, productId), tenantId: profile.id };
  }
}
