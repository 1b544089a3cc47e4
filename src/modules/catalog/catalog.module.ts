import { Module } from '@nestjs/common';
import { LocationsService } from './locations/locations.service';
import { MerchantLocationsController } from './locations/merchant-locations.controller';
import { MerchantProductsController } from './products/merchant-products.controller';
import { ProductsService } from './products/products.service';

/** The merchant's products and locations (decisions §4). Storefront reads of them live with orders and checkout. */
@Module({
  controllers: [MerchantProductsController, MerchantLocationsController],
  providers: [ProductsService, LocationsService],
  exports: [ProductsService, LocationsService],
})
export class CatalogModule {}
