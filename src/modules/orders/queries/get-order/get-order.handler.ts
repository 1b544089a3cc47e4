import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { OrderNotFoundError } from '@modules/orders/domain/orders.errors';
import type { OrderResource } from '@modules/orders/dto/order.resource';
import { OrderRow, SELECT_ORDERS, toResource } from '../order.presenter';
import { GetOrderQuery } from './get-order.query';

/** Filtered by tenant, so another tenant's order is simply not found. */
@QueryHandler(GetOrderQuery)
export class GetOrderHandler implements IQueryHandler<GetOrderQuery, OrderResource> {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async execute({ tenantId, orderId }: GetOrderQuery): Promise<OrderResource> {
    const rows: OrderRow[] = await this.dataSource.query(`${SELECT_ORDERS} WHERE o.tenant_id = $1 AND o.id = $2`, [tenantId, orderId]);
    if (!rows[0]) throw new OrderNotFoundError();
    return toResource(rows[0]);
  }
}
