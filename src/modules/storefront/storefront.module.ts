import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Env } from '@config/env.schema';
import { CatalogChanges } from '@infra/catalog-changes/catalog-changes';
import { CatalogModule } from '@modules/catalog';
import { CatalogCopies } from './catalog-copies';
import { GetStorefrontShopHandler } from './queries/get-storefront-shop/get-storefront-shop.handler';
import { StorefrontController } from './storefront.controller';
import { ListStorefrontCategoriesHandler } from './queries/list-storefront-categories/list-storefront-categories.handler';
import { ListStorefrontProductsHandler } from './queries/list-storefront-products/list-storefront-products.handler';
import { GetStorefrontProductHandler } from './queries/get-storefront-product/get-storefront-product.handler';
import { ListPublicShopsHandler, ListShopSitemapEntriesHandler } from './queries/list-sitemap-entries/list-sitemap-entries.handler';

/**
 * The shops' public catalog (docs/storefront.md): a shop's profile and locations, its categories, and its active
 * products with their availability, read through the owners' read services (accounts'
 * `TenantDirectory`, the catalog's `CatalogQueries`). It owns no table; it serves its answers from
 * memory while they are fresh, and keeps them to answer with while PostgreSQL is unavailable
 * (CatalogCopies).
 */
@Module({
  imports: [CatalogModule],
  controllers: [StorefrontController],
  providers: [
    GetStorefrontShopHandler,
    ListStorefrontProductsHandler,
    ListStorefrontCategoriesHandler,
    GetStorefrontProductHandler,
    ListShopSitemapEntriesHandler,
    ListPublicShopsHandler,
    {
      provide: CatalogCopies,
      inject: [ConfigService, CatalogChanges],
      useFactory: (config: ConfigService<Env, true>, changes: CatalogChanges) => {
        const copies = new CatalogCopies({
          maxBytes: config.get('CATALOG_CACHE_MAX_BYTES', { infer: true }),
          freshMs: config.get('CATALOG_FRESH_SECONDS', { infer: true }) * 1000,
          staleMs: config.get('STALE_IF_ERROR_SECONDS', { infer: true }) * 1000,
        });
        // A change of a shop drops its copies in every process (docs/storefront.md, "When PostgreSQL or Redis is away").
        changes.subscribe(
          (tenantId) => copies.invalidate(tenantId),
          () => copies.clear(),
        );
        return copies;
      },
    },
  ],
})
export class StorefrontModule {}
