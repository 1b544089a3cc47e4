import type { EntityManager } from 'typeorm';
import type { OrderStatus } from '@modules/orders/domain/order-status';

export interface OrderEvent {
  orderId: number;
  tenantId: string;
  event: 'created' | 'status_changed' | 'paid' | 'payment_failed';
  fromStatus?: OrderStatus;
  toStatus?: OrderStatus;
  userId?: string | null;
  details?: Record<string, unknown>;
}

/** An order's history is append-only: every change of status or payment state adds one row here. */
export async function recordOrderEvent(manager: EntityManager, event: OrderEvent): Promise<void> {
  await manager.query(
    `INSERT INTO order_events (order_id, tenant_id, event, from_status, to_status, user_id, details)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      event.orderId,
      event.tenantId,
      event.event,
      event.fromStatus ?? null,
      event.toStatus ?? null,
      event.userId ?? null,
      event.details ?? {},
    ],
  );
}
