import type { OrderStatus } from '@modules/orders/domain/order-status';

export const ORDERS_PER_PAGE = 20;

export class ListOrdersQuery {
  constructor(
    readonly tenantId: string,
    readonly status: OrderStatus | undefined,
    readonly page: number,
  ) {}
}
