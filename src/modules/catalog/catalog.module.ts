import { Module } from '@nestjs/common';
import { CatalogQueries } from './catalog.queries';
import { InventoryService } from './inventory.service';
import { LocationsService } from './locations/locations.service';
import { MerchantLocationsController } from './locations/merchant-locations.controller';
import { MerchantProductsController } from './products/merchant-products.controller';
import { ProductsService } from './products/products.service';

/** The merchant's products and locations (decisions §4), and every stock movement (InventoryService). */
@Module({
  controllers: [MerchantProductsController, MerchantLocationsController],
  providers: [ProductsService, LocationsService, InventoryService, CatalogQueries],
  exports: [ProductsService, LocationsService, InventoryService, CatalogQueries],
})
export class CatalogModule {}
