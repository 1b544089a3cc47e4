import { Module } from '@nestjs/common';
import { tenantOwnedRows } from '@common/context/tenant-ownership.registry';
import { Paginator } from '@common/http/pagination';
import { CreateLocationHandler } from './commands/create-location/create-location.handler';
import { CreateProductHandler } from './commands/create-product/create-product.handler';
import { DeleteLocationHandler } from './commands/delete-location/delete-location.handler';
import { DeleteProductHandler } from './commands/delete-product/delete-product.handler';
import { UpdateLocationHandler } from './commands/update-location/update-location.handler';
import { UpdateProductHandler } from './commands/update-product/update-product.handler';
import { InventoryService } from './inventory.service';
import { MerchantLocationsController } from './merchant-locations.controller';
import { MerchantProductsController } from './merchant-products.controller';
import { InventoryHoldsRepository } from './persistence/inventory-holds.repository';
import { LocationsRepository } from './persistence/locations.repository';
import { ProductsRepository } from './persistence/products.repository';
import { CatalogQueries } from './queries/catalog.queries';
import { GetLocationHandler } from './queries/get-location/get-location.handler';
import { GetProductHandler } from './queries/get-product/get-product.handler';
import { CountLocationsHandler, ListLocationsHandler } from './queries/list-locations/list-locations.handler';
import { CountProductsHandler, ListProductsHandler } from './queries/list-products/list-products.handler';

/** The merchant's products and locations (decisions §4), and every stock movement (InventoryService). */
@Module({
  controllers: [MerchantProductsController, MerchantLocationsController],
  providers: [
    tenantOwnedRows('product', ProductsRepository),
    tenantOwnedRows('location', LocationsRepository),
    CreateProductHandler,
    UpdateProductHandler,
    DeleteProductHandler,
    CreateLocationHandler,
    UpdateLocationHandler,
    DeleteLocationHandler,
    InventoryService,
    CatalogQueries,
    GetProductHandler,
    ListProductsHandler,
    CountProductsHandler,
    GetLocationHandler,
    ListLocationsHandler,
    CountLocationsHandler,
    ProductsRepository,
    LocationsRepository,
    InventoryHoldsRepository,
    Paginator,
  ],
  exports: [InventoryService, CatalogQueries],
})
export class CatalogModule {}
