import type { PageWindow } from '@common/http/pagination';

/** Result: the rows of one page of the shop's categories, by position, then id. */
export class ListCategoriesQuery {
  constructor(
    readonly tenantId: string,
    readonly window: PageWindow,
  ) {}
}

/** How many categories the shop has. */
export class CountCategoriesQuery {
  constructor(readonly tenantId: string) {}
}
