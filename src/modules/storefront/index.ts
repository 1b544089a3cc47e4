export { StorefrontModule } from './storefront.module';
export type { StorefrontProductsView, StorefrontShopView } from './domain/storefront-views';
export { GetStorefrontShopQuery } from './queries/get-storefront-shop/get-storefront-shop.query';
export {
  ListStorefrontProductsQuery,
  type StorefrontProductsRequest,
} from './queries/list-storefront-products/list-storefront-products.query';
