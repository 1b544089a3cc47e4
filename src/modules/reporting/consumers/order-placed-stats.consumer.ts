import { EntityManager } from 'typeorm';
import type { StoredEvent } from '@infra/outbox/stored-event';
import { OutboxEventHandler, OutboxHandler } from '@infra/outbox/outbox-handler.decorator';
import { OrderPlaced, type OrderPlacedPayload } from '@modules/orders';
import { claimEvent } from '../persistence/applied-events';

/** One more order and its total on the shop's day (UTC day of the event) in `tenant_daily_stats`. */
@OutboxHandler(OrderPlaced)
export class OrderPlacedStatsConsumer implements OutboxEventHandler<OrderPlacedPayload> {
  async handle(event: StoredEvent<OrderPlacedPayload>, manager: EntityManager): Promise<void> {
    if (!event.tenantId) return;
    if (!(await claimEvent(manager, event.id, 'tenant-daily-stats'))) return;
    // The total is the order's decimal string ("250.00"): added as numeric, never as a float.
    await manager.query(
      `INSERT INTO tenant_daily_stats (tenant_id, day, orders, revenue)
       VALUES ($1, ($2::timestamptz AT TIME ZONE 'UTC')::date, 1, $3::numeric)
       ON CONFLICT (tenant_id, day) DO UPDATE
         SET orders = tenant_daily_stats.orders + 1, revenue = tenant_daily_stats.revenue + EXCLUDED.revenue`,
      [event.tenantId, event.occurredAt.toISOString(), String(event.payload.total)],
    );
  }
}
