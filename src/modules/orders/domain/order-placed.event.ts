import { DomainEvent } from '@common/events/domain-event';

export interface OrderPlacedPayload {
  order_id: number;
  order_number: string;
  customer_name: string;
  total: string;
  currency: string;
}

/** Recorded with the order; the tenant's owner and admins are notified from it (NewOrderNotification). */
export class OrderPlaced extends DomainEvent<OrderPlacedPayload> {
  static readonly type = 'OrderPlaced';
}
