import type { PageWindow } from '@common/http/pagination';
import type { OrderStatus } from '@modules/orders/domain/order-status';

export const ORDERS_PER_PAGE = 20;

/** The rows of one page of a tenant's orders. */
export class ListOrdersQuery {
  constructor(
    readonly tenantId: string,
    readonly status: OrderStatus | undefined,
    readonly window: PageWindow,
  ) {}
}

/** How many orders a tenant has (of one status), from the counters. */
export class CountOrdersQuery {
  constructor(
    readonly tenantId: string,
    readonly status: OrderStatus | undefined,
  ) {}
}

/** The rows of one page of a search of a tenant's orders (`term` trimmed, 1–100 characters). */
export class SearchOrdersQuery {
  constructor(
    readonly tenantId: string,
    readonly status: OrderStatus | undefined,
    readonly term: string,
    readonly window: PageWindow,
  ) {}
}

/** How many orders a search matches, counted up to a bound. */
export class CountSearchOrdersQuery {
  constructor(
    readonly tenantId: string,
    readonly status: OrderStatus | undefined,
    readonly term: string,
  ) {}
}
