import { EntityManager } from 'typeorm';
import type { StoredEvent } from '@infra/outbox/stored-event';
import { OutboxEventHandler, OutboxHandler } from '@infra/outbox/outbox-handler.decorator';
import { OrderPlaced, type OrderPlacedPayload } from '@modules/orders';
import { claimEvent } from '../persistence/applied-events';
import { ReportingRepository } from '../persistence/reporting.repository';

/** One more order and its total on the shop's day (UTC day of the event) in `tenant_daily_stats`. */
@OutboxHandler(OrderPlaced)
export class OrderPlacedStatsConsumer implements OutboxEventHandler<OrderPlacedPayload> {
  constructor(private readonly stats: ReportingRepository) {}

  async handle(event: StoredEvent<OrderPlacedPayload>, manager: EntityManager): Promise<void> {
    if (!event.tenantId) return;
    if (!(await claimEvent(manager, event.id, 'tenant-daily-stats'))) return;
    // The total is the order's decimal string ("250.00"): added as numeric, never as a float.
    await this.stats.countOrder(manager, event.tenantId, event.occurredAt, String(event.payload.total));
  }
}
