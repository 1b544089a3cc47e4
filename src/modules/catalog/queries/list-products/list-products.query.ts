import type { PageWindow } from '@common/http/pagination';

/** Result: the rows of one page of the shop's products, newest first. */
export class ListProductsQuery {
  constructor(
    readonly tenantId: string,
    readonly window: PageWindow,
  ) {}
}

/** How many products the shop has, from the counters. */
export class CountProductsQuery {
  constructor(readonly tenantId: string) {}
}
