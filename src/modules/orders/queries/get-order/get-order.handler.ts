import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { OrderNotFoundError } from '@modules/orders/domain/orders.errors';
import type { OrderResource } from '@modules/orders/dto/order.resource';
import { OrdersRepository } from '@modules/orders/persistence/orders.repository';
import { toResource } from '../order.presenter';
import { GetOrderQuery } from './get-order.query';

/** Filtered by tenant, so another tenant's order is simply not found. */
@QueryHandler(GetOrderQuery)
export class GetOrderHandler implements IQueryHandler<GetOrderQuery, OrderResource> {
  constructor(private readonly orders: OrdersRepository) {}

  async execute({ tenantId, orderId }: GetOrderQuery): Promise<OrderResource> {
    const row = await this.orders.findOne(tenantId, orderId);
    if (!row) throw new OrderNotFoundError();
    return toResource(row);
  }
}
