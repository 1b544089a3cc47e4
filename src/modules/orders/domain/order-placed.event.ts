import { DomainEvent } from '@infra/outbox/domain-event';

export interface OrderPlacedPayload {
  order_id: number;
  order_number: string;
  customer_name: string;
  total: string;
  currency: string;
}

/** Recorded with the order; the tenant's owner and admins are notified from it (NewOrderNotification). */
export class OrderPlaced extends DomainEvent {
  static readonly type = 'OrderPlaced';
  readonly type = OrderPlaced.type;

  constructor(
    tenantId: string,
    private readonly payload: OrderPlacedPayload,
  ) {
    super(tenantId);
  }

  toPayload(): Record<string, unknown> {
    return { ...this.payload };
  }
}
