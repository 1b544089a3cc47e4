export { CatalogModule } from './catalog.module';
export { CreateCategoryCommand } from './commands/create-category/create-category.command';
export { CreateLocationCommand } from './commands/create-location/create-location.command';
export { CreateProductCommand } from './commands/create-product/create-product.command';
export { CartItemDto } from './dto/cart-item.dto';
export type { CategoryResource } from './dto/category.dto';
export type { LocationResource } from './dto/location.dto';
export type { ProductResource } from './dto/product.dto';
export type { PricedLine } from './domain/order-lines';
export { type HoldBounds, InventoryService, type StockLine } from './inventory.service';
export { PRODUCTS_LOCKED } from './persistence/products.repository';
export { AVAILABILITIES, type Availability } from './domain/availability';
export {
  CatalogQueries,
  type StorefrontCategory,
  type StorefrontLocation,
  type StorefrontProduct,
  type StorefrontProductKey,
} from './queries/catalog.queries';
export { containsPattern, searchKey } from './domain/catalog-search';
