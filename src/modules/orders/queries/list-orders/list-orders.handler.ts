import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { PageSlice } from '@common/http/pagination';
import type { OrderResource } from '@modules/orders/dto/order.resource';
import { OrderRow, SELECT_ORDERS, toResource } from '../order.presenter';
import { ListOrdersQuery, ORDERS_PER_PAGE } from './list-orders.query';

/** A tenant's orders, newest first, optionally of one status. */
@QueryHandler(ListOrdersQuery)
export class ListOrdersHandler implements IQueryHandler<ListOrdersQuery, PageSlice<OrderResource>> {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async execute({ tenantId, status, page }: ListOrdersQuery): Promise<PageSlice<OrderResource>> {
    const filter = status ? 'AND o.status = $2' : '';
    const where = status ? [tenantId, status] : [tenantId];
    const paging = `LIMIT $${where.length + 1} OFFSET $${where.length + 2}`;
    const [rows, counted] = await Promise.all([
      this.dataSource.query<OrderRow[]>(
        `${SELECT_ORDERS} WHERE o.tenant_id = $1 ${filter} ORDER BY o.created_at DESC, o.id DESC ${paging}`,
        [...where, ORDERS_PER_PAGE, (page - 1) * ORDERS_PER_PAGE],
      ),
      this.dataSource.query<Array<{ total: number }>>(
        `SELECT count(*)::int AS total FROM orders o WHERE o.tenant_id = $1 ${filter}`,
        where,
      ),
    ]);
    return { data: rows.map(toResource), total: counted[0].total };
  }
}
