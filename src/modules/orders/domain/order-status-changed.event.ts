import { DomainEvent } from '@common/events/domain-event';
import type { OrderStatus } from './order-status';

export interface OrderStatusChangedPayload {
  order_id: number;
  from_status: OrderStatus;
  to_status: OrderStatus;
}

/** Recorded with each change of an order's status; the shopper is mailed from it (docs/notifications.md, "Mails to the shopper"). */
export class OrderStatusChanged extends DomainEvent<OrderStatusChangedPayload> {
  static readonly type = 'OrderStatusChanged';
}
