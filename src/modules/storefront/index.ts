export { StorefrontModule } from './storefront.module';
export type { StorefrontCategoriesView, StorefrontProductsView, StorefrontShopView } from './domain/storefront-views';
export { ListStorefrontCategoriesQuery } from './queries/list-storefront-categories/list-storefront-categories.query';
export { GetStorefrontShopQuery } from './queries/get-storefront-shop/get-storefront-shop.query';
export {
  ListStorefrontProductsQuery,
  type StorefrontProductsRequest,
} from './queries/list-storefront-products/list-storefront-products.query';
export { GetStorefrontProductQuery, type StorefrontProductView } from './queries/get-storefront-product/get-storefront-product.query';
export {
  ListPublicShopsQuery,
  ListShopSitemapEntriesQuery,
  type PublicShopEntries,
  type ShopSitemapEntries,
} from './queries/list-sitemap-entries/list-sitemap-entries.query';
