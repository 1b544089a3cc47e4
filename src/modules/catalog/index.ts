export { CatalogModule } from './catalog.module';
export { CreateLocationCommand } from './commands/create-location/create-location.command';
export { CreateProductCommand } from './commands/create-product/create-product.command';
export { CartItemDto } from './dto/cart-item.dto';
export type { LocationResource } from './dto/location.dto';
export type { ProductResource } from './dto/product.dto';
export type { PricedLine } from './domain/order-lines';
export { type HoldBounds, InventoryService, PRODUCTS_LOCKED, type StockLine } from './inventory.service';
export { CatalogQueries } from './queries/catalog.queries';
