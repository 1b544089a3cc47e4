import { EntityManager } from 'typeorm';
import type { StoredEvent } from '@infra/outbox/stored-event';
import { OutboxEventHandler, OutboxHandler } from '@infra/outbox/outbox-handler.decorator';
import { TenantProfileEnhanced, type TenantProfileEnhancedPayload } from '@modules/ai';
import { claimEvent } from '../persistence/applied-events';
import { ReportingRepository } from '../persistence/reporting.repository';

/**
 * The billing hook of AI enrichment (spec 6): per shop and calendar month (UTC), enrichments,
 * provider tokens and credits spent, in `ai_usage_monthly`.
 */
@OutboxHandler(TenantProfileEnhanced)
export class AiUsageBillingConsumer implements OutboxEventHandler<TenantProfileEnhancedPayload> {
  constructor(private readonly stats: ReportingRepository) {}

  async handle(event: StoredEvent<TenantProfileEnhancedPayload>, manager: EntityManager): Promise<void> {
    if (!event.tenantId) return;
    if (!(await claimEvent(manager, event.id, 'ai-usage-monthly'))) return;
    // A provider that reported no usage counts no tokens; the credits were spent all the same.
    await this.stats.countAiUsage(
      manager,
      event.tenantId,
      event.occurredAt,
      wholeOrZero(event.payload.tokens_used),
      wholeOrZero(event.payload.credits_spent),
    );
  }
}

function wholeOrZero(value: unknown): number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : 0;
}
