import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { PageSlice } from '@common/http/pagination';
import type { ProductResource } from '@modules/catalog/dto/product.dto';
import { CatalogQueries } from '@modules/catalog/queries/catalog.queries';
import { CountProductsQuery, ListProductsQuery } from './list-products.query';

@QueryHandler(ListProductsQuery)
export class ListProductsHandler implements IQueryHandler<ListProductsQuery, PageSlice<ProductResource>> {
  constructor(private readonly catalog: CatalogQueries) {}

  execute({ tenantId, window }: ListProductsQuery): Promise<PageSlice<ProductResource>> {
    return this.catalog.productPage(tenantId, window);
  }
}

@QueryHandler(CountProductsQuery)
export class CountProductsHandler implements IQueryHandler<CountProductsQuery, number> {
  constructor(private readonly catalog: CatalogQueries) {}

  execute({ tenantId }: CountProductsQuery): Promise<number> {
    return this.catalog.productCount(tenantId);
  }
}
