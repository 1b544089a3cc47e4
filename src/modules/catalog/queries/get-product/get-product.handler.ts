import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { ProductResource } from '@modules/catalog/dto/product.dto';
import { CatalogQueries } from '@modules/catalog/queries/catalog.queries';
import { GetProductQuery } from './get-product.query';

@QueryHandler(GetProductQuery)
export class GetProductHandler implements IQueryHandler<GetProductQuery, ProductResource> {
  constructor(private readonly catalog: CatalogQueries) {}

  execute({ tenantId, productId }: GetProductQuery): Promise<ProductResource> {
    return this.catalog.product(tenantId, productId);
  }
}
