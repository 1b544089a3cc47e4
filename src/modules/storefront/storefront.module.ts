import { Module } from '@nestjs/common';
import { CatalogModule } from '@modules/catalog';
import { GetStorefrontShopHandler } from './queries/get-storefront-shop/get-storefront-shop.handler';
import { StorefrontController } from './storefront.controller';
import { ListStorefrontProductsHandler } from './queries/list-storefront-products/list-storefront-products.handler';

/**
 * The shops' public catalog (decisions §18): a shop's profile and locations, and its active products
 * with their availability, read through the owners' read services (accounts' `TenantDirectory`,
 * the catalog's `CatalogQueries`). It owns no table.
 */
@Module({
  imports: [CatalogModule],
  controllers: [StorefrontController],
  providers: [GetStorefrontShopHandler, ListStorefrontProductsHandler],
})
export class StorefrontModule {}
