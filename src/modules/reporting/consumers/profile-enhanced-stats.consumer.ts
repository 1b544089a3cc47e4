import { EntityManager } from 'typeorm';
import type { StoredEvent } from '@infra/outbox/stored-event';
import { OutboxEventHandler, OutboxHandler } from '@infra/outbox/outbox-handler.decorator';
import { TenantProfileEnhanced, type TenantProfileEnhancedPayload } from '@modules/ai';
import { claimEvent } from '../persistence/applied-events';
import { ReportingRepository } from '../persistence/reporting.repository';

/** One more AI enrichment on the shop's day (UTC day of the event) in `tenant_daily_stats`. */
@OutboxHandler(TenantProfileEnhanced)
export class ProfileEnhancedStatsConsumer implements OutboxEventHandler<TenantProfileEnhancedPayload> {
  constructor(private readonly stats: ReportingRepository) {}

  async handle(event: StoredEvent<TenantProfileEnhancedPayload>, manager: EntityManager): Promise<void> {
    if (!event.tenantId) return;
    if (!(await claimEvent(manager, event.id, 'tenant-daily-stats'))) return;
    await this.stats.countEnrichment(manager, event.tenantId, event.occurredAt);
  }
}
