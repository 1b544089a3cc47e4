export { CatalogModule } from './catalog.module';
export { CatalogQueries } from './catalog.queries';
export { InventoryService, type StockLine, type TakenLine } from './inventory.service';
export { LocationsService } from './locations/locations.service';
export { ProductsService } from './products/products.service';
