import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { PageSlice, PageWindow } from '@common/http/pagination';
import { epochMicros, listTotal, timestampOfMicros } from '@infra/database/list-counts';
import type { OrderResource } from '@modules/orders/dto/order.resource';
import { ORDER_COLUMNS, OrderRow, toResource } from '../order.presenter';
import { CountOrdersQuery, ListOrdersQuery } from './list-orders.query';

const ITEMS = `COALESCE((SELECT json_agg(json_build_object('product_id', i.product_id, 'name', i.name, 'price', i.price,
                                                         'quantity', i.quantity, 'line_total', i.line_total) ORDER BY i.id)
                        FROM order_items i WHERE i.order_id = o.id), '[]') AS items`;

/**
 * The statement of one page of a tenant's orders, newest first, optionally of one status. The
 * page's ids come first, off orders_tenant_created_idx or orders_tenant_status_created_idx alone (an
 * index-only scan); only those orders are read and only their items aggregated, however many rows
 * the page skipped. (Exported for the benchmark, which shows its plans.)
 */
export function listOrdersStatement(tenantId: string, status: string | undefined, window: PageWindow): { sql: string; params: unknown[] } {
  const params: unknown[] = [tenantId];
  const where = ['tenant_id = $1'];
  if (status) {
    params.push(status);
    where.push(`status = $${params.length}`);
  }
  let order = 'created_at DESC, id DESC';
  let paging: string;
  if (window.kind === 'after') {
    params.push(window.key[0], window.key[1]);
    where.push(`(created_at, id) < (${timestampOfMicros(`$${params.length - 1}`)}, $${params.length}::int)`);
    params.push(window.limit);
    paging = `LIMIT $${params.length}`;
  } else {
    if (window.backward) order = 'created_at, id';
    params.push(window.limit, window.offset);
    paging = `LIMIT $${params.length - 1} OFFSET $${params.length}`;
  }
  const sql = `WITH page AS MATERIALIZED (
         SELECT id FROM orders WHERE ${where.join(' AND ')} ORDER BY ${order} ${paging})
       SELECT ${ORDER_COLUMNS.map((column) => `o.${column}`).join(', ')}, ${ITEMS}, ${epochMicros('o.created_at')} AS sort_key
         FROM page JOIN orders o ON o.id = page.id
        ORDER BY o.created_at DESC, o.id DESC`;
  return { sql, params };
}

/** A tenant's orders, newest first, optionally of one status. */
@QueryHandler(ListOrdersQuery)
export class ListOrdersHandler implements IQueryHandler<ListOrdersQuery, PageSlice<OrderResource>> {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async execute({ tenantId, status, window }: ListOrdersQuery): Promise<PageSlice<OrderResource>> {
    const { sql, params } = listOrdersStatement(tenantId, status, window);
    const rows = await this.dataSource.query<Array<OrderRow & { sort_key: string }>>(sql, params);
    return { data: rows.map(toResource), keys: rows.map((row) => [row.sort_key, row.id]) };
  }
}

/** The total of the merchant list: counters kept by the transactions that place and move orders. */
@QueryHandler(CountOrdersQuery)
export class CountOrdersHandler implements IQueryHandler<CountOrdersQuery, number> {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  execute({ tenantId, status }: CountOrdersQuery): Promise<number> {
    return listTotal(this.dataSource, 'orders', tenantId, status ?? '');
  }
}
