import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { PageSlice } from '@common/http/pagination';
import { searchKey } from '@modules/catalog';
import { readOrderSearchTerm } from '@modules/orders/domain/order-search';
import type { OrderResource } from '@modules/orders/dto/order.resource';
import { OrdersRepository } from '@modules/orders/persistence/orders.repository';
import { OrderStatusLinks } from '@modules/orders/services/order-status-links';
import { toResource } from '../order.presenter';
import { CountOrdersQuery, CountSearchOrdersQuery, ListOrdersQuery, SearchOrdersQuery } from './list-orders.query';

/** A tenant's orders, newest first, optionally of one status. */
@QueryHandler(ListOrdersQuery)
export class ListOrdersHandler implements IQueryHandler<ListOrdersQuery, PageSlice<OrderResource>> {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly links: OrderStatusLinks,
  ) {}

  async execute({ tenantId, status, window }: ListOrdersQuery): Promise<PageSlice<OrderResource>> {
    const [rows, statusUrl] = await Promise.all([this.orders.page(tenantId, status, window), this.links.forTenant(tenantId)]);
    return { data: rows.map((row) => toResource(row, statusUrl(row))), keys: rows.map((row) => [row.sort_key, row.id]) };
  }
}

/** The total of the merchant list: counters kept by the transactions that place and move orders. */
@QueryHandler(CountOrdersQuery)
export class CountOrdersHandler implements IQueryHandler<CountOrdersQuery, number> {
  constructor(private readonly orders: OrdersRepository) {}

  execute({ tenantId, status }: CountOrdersQuery): Promise<number> {
    return this.orders.count(tenantId, status);
  }
}

/** A tenant's orders that match a search term, newest first (docs/commerce.md "Order search"). */
@QueryHandler(SearchOrdersQuery)
export class SearchOrdersHandler implements IQueryHandler<SearchOrdersQuery, PageSlice<OrderResource>> {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly links: OrderStatusLinks,
  ) {}

  async execute({ tenantId, status, term, window }: SearchOrdersQuery): Promise<PageSlice<OrderResource>> {
    const [rows, statusUrl] = await Promise.all([
      this.orders.search(tenantId, status, readOrderSearchTerm(term, searchKey), window),
      this.links.forTenant(tenantId),
    ]);
    return { data: rows.map((row) => toResource(row, statusUrl(row))), keys: rows.map((row) => [row.sort_key, row.id]) };
  }
}

/** A search's total: its matches counted up to SEARCH_COUNT_LIMIT. */
@QueryHandler(CountSearchOrdersQuery)
export class CountSearchOrdersHandler implements IQueryHandler<CountSearchOrdersQuery, number> {
  constructor(private readonly orders: OrdersRepository) {}

  execute({ tenantId, status, term }: CountSearchOrdersQuery): Promise<number> {
    return this.orders.countSearch(tenantId, status, readOrderSearchTerm(term, searchKey));
  }
}
