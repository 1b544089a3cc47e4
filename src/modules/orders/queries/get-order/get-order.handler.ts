import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { allowedNextStatuses } from '@modules/orders/domain/order-status';
import { OrderNotFoundError } from '@modules/orders/domain/orders.errors';
import type { OrderDetailResource } from '@modules/orders/dto/order.resource';
import { OrdersRepository } from '@modules/orders/persistence/orders.repository';
import { OrderStatusLinks } from '@modules/orders/services/order-status-links';
import { toResource } from '../order.presenter';
import { GetOrderQuery } from './get-order.query';

/**
 * Filtered by tenant, so another tenant's order is simply not found. The order and its history are
 * two reads on the pool: an order's events only grow, so a status change between them shows in
 * the history one read later at worst, never an event of another order.
 */
@QueryHandler(GetOrderQuery)
export class GetOrderHandler implements IQueryHandler<GetOrderQuery, OrderDetailResource> {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly links: OrderStatusLinks,
  ) {}

  async execute({ tenantId, orderId }: GetOrderQuery): Promise<OrderDetailResource> {
    const [row, events, statusUrl] = await Promise.all([
      this.orders.findOne(tenantId, orderId),
      this.orders.events(tenantId, orderId),
      this.links.forTenant(tenantId),
    ]);
    if (!row) throw new OrderNotFoundError();
    return {
      ...toResource(row, statusUrl(row)),
      events: events.map((event) => ({
        type: event.event,
        from_status: event.from_status,
        to_status: event.to_status,
        created_at: new Date(event.created_at).toISOString(),
      })),
      allowed_statuses: allowedNextStatuses(row.status),
    };
  }
}
