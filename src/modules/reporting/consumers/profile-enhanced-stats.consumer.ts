import { EntityManager } from 'typeorm';
import type { StoredEvent } from '@infra/outbox/stored-event';
import { OutboxEventHandler, OutboxHandler } from '@infra/outbox/outbox-handler.decorator';
import { TenantProfileEnhanced, type TenantProfileEnhancedPayload } from '@modules/ai';
import { claimEvent } from '../persistence/applied-events';

/** One more AI enrichment on the shop's day (UTC day of the event) in `tenant_daily_stats`. */
@OutboxHandler(TenantProfileEnhanced)
export class ProfileEnhancedStatsConsumer implements OutboxEventHandler<TenantProfileEnhancedPayload> {
  async handle(event: StoredEvent<TenantProfileEnhancedPayload>, manager: EntityManager): Promise<void> {
    if (!event.tenantId) return;
    if (!(await claimEvent(manager, event.id, 'tenant-daily-stats'))) return;
    await manager.query(
      `INSERT INTO tenant_daily_stats (tenant_id, day, ai_enrichments)
       VALUES ($1, ($2::timestamptz AT TIME ZONE 'UTC')::date, 1)
       ON CONFLICT (tenant_id, day) DO UPDATE SET ai_enrichments = tenant_daily_stats.ai_enrichments + 1`,
      [event.tenantId, event.occurredAt.toISOString()],
    );
  }
}
