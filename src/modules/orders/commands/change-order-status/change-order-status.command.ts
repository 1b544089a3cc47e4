import type { OrderStatus } from '@modules/orders/domain/order-status';

export class ChangeOrderStatusCommand {
  constructor(
    readonly tenantId: string,
    readonly orderId: number,
    readonly status: OrderStatus,
    readonly userId: string,
  ) {}
}
