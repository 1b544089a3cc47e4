import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { CategoryResource } from '@modules/catalog/dto/category.dto';
import { CatalogQueries } from '@modules/catalog/queries/catalog.queries';
import { GetCategoryQuery } from './get-category.query';

@QueryHandler(GetCategoryQuery)
export class GetCategoryHandler implements IQueryHandler<GetCategoryQuery, CategoryResource> {
  constructor(private readonly catalog: CatalogQueries) {}

  execute({ tenantId, categoryId }: GetCategoryQuery): Promise<CategoryResource> {
    return this.catalog.category(tenantId, categoryId);
  }
}
