import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { PageSlice } from '@common/http/pagination';
import type { CategoryResource } from '@modules/catalog/dto/category.dto';
import { CatalogQueries } from '@modules/catalog/queries/catalog.queries';
import { CountCategoriesQuery, ListCategoriesQuery } from './list-categories.query';

@QueryHandler(ListCategoriesQuery)
export class ListCategoriesHandler implements IQueryHandler<ListCategoriesQuery, PageSlice<CategoryResource>> {
  constructor(private readonly catalog: CatalogQueries) {}

  execute({ tenantId, window }: ListCategoriesQuery): Promise<PageSlice<CategoryResource>> {
    return this.catalog.categoryPage(tenantId, window);
  }
}

@QueryHandler(CountCategoriesQuery)
export class CountCategoriesHandler implements IQueryHandler<CountCategoriesQuery, number> {
  constructor(private readonly catalog: CatalogQueries) {}

  execute({ tenantId }: CountCategoriesQuery): Promise<number> {
    return this.catalog.categoryCount(tenantId);
  }
}
