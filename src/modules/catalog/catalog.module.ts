import { Module } from '@nestjs/common';
import { tenantOwnedRows } from '@common/context/tenant-ownership.registry';
import { Paginator } from '@common/http/pagination';
import { CreateCategoryHandler } from './commands/create-category/create-category.handler';
import { CreateLocationHandler } from './commands/create-location/create-location.handler';
import { CreateProductHandler } from './commands/create-product/create-product.handler';
import { DeleteCategoryHandler } from './commands/delete-category/delete-category.handler';
import { DeleteLocationHandler } from './commands/delete-location/delete-location.handler';
import { DeleteProductHandler } from './commands/delete-product/delete-product.handler';
import { UpdateCategoryHandler } from './commands/update-category/update-category.handler';
import { UpdateLocationHandler } from './commands/update-location/update-location.handler';
import { UpdateProductHandler } from './commands/update-product/update-product.handler';
import { InventoryService } from './inventory.service';
import { MerchantCategoriesController } from './merchant-categories.controller';
import { MerchantLocationsController } from './merchant-locations.controller';
import { MerchantProductsController } from './merchant-products.controller';
import { CategoriesRepository } from './persistence/categories.repository';
import { InventoryHoldsRepository } from './persistence/inventory-holds.repository';
import { LocationsRepository } from './persistence/locations.repository';
import { ProductsRepository } from './persistence/products.repository';
import { CatalogQueries } from './queries/catalog.queries';
import { GetCategoryHandler } from './queries/get-category/get-category.handler';
import { GetLocationHandler } from './queries/get-location/get-location.handler';
import { GetProductHandler } from './queries/get-product/get-product.handler';
import { CountCategoriesHandler, ListCategoriesHandler } from './queries/list-categories/list-categories.handler';
import { CountLocationsHandler, ListLocationsHandler } from './queries/list-locations/list-locations.handler';
import { CountProductsHandler, ListProductsHandler } from './queries/list-products/list-products.handler';

/** The merchant's products, categories and locations, and every stock movement (InventoryService). */
@Module({
  controllers: [MerchantProductsController, MerchantCategoriesController, MerchantLocationsController],
  providers: [
    tenantOwnedRows('product', ProductsRepository),
    tenantOwnedRows('location', LocationsRepository),
    tenantOwnedRows('category', CategoriesRepository),
    CreateProductHandler,
    UpdateProductHandler,
    DeleteProductHandler,
    CreateLocationHandler,
    UpdateLocationHandler,
    DeleteLocationHandler,
    CreateCategoryHandler,
    UpdateCategoryHandler,
    DeleteCategoryHandler,
    InventoryService,
    CatalogQueries,
    GetProductHandler,
    ListProductsHandler,
    CountProductsHandler,
    GetLocationHandler,
    ListLocationsHandler,
    CountLocationsHandler,
    GetCategoryHandler,
    ListCategoriesHandler,
    CountCategoriesHandler,
    ProductsRepository,
    LocationsRepository,
    CategoriesRepository,
    InventoryHoldsRepository,
    Paginator,
  ],
  exports: [InventoryService, CatalogQueries],
})
export class CatalogModule {}
