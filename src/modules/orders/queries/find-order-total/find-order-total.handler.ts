import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { OrdersRepository } from '@modules/orders/persistence/orders.repository';
import { FindOrderTotalQuery, type OrderTotal } from './find-order-total.query';

/** Null when the shop has no order of that number: another shop's order is not found either. */
@QueryHandler(FindOrderTotalQuery)
export class FindOrderTotalHandler implements IQueryHandler<FindOrderTotalQuery, OrderTotal | null> {
  constructor(private readonly orders: OrdersRepository) {}

  async execute({ tenantId, orderNumber }: FindOrderTotalQuery): Promise<OrderTotal | null> {
    // order_number is varchar(20) and never holds a NUL: anything else names no order.
    if (orderNumber.length === 0 || orderNumber.length > 20 || orderNumber.includes('\u0000')) return null;
    return this.orders.totalByNumber(tenantId, orderNumber);
  }
}
