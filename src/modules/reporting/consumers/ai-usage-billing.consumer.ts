import { EntityManager } from 'typeorm';
import type { StoredEvent } from '@infra/outbox/stored-event';
import { OutboxEventHandler, OutboxHandler } from '@infra/outbox/outbox-handler.decorator';
import { TenantProfileEnhanced, type TenantProfileEnhancedPayload } from '@modules/ai';
import { claimEvent } from '../persistence/applied-events';

/**
 * The billing hook of AI enrichment (spec 6): per shop and calendar month (UTC), enrichments,
 * provider tokens and credits spent, in `ai_usage_monthly`.
 */
@OutboxHandler(TenantProfileEnhanced)
export class AiUsageBillingConsumer implements OutboxEventHandler<TenantProfileEnhancedPayload> {
  async handle(event: StoredEvent<TenantProfileEnhancedPayload>, manager: EntityManager): Promise<void> {
    if (!event.tenantId) return;
    if (!(await claimEvent(manager, event.id, 'ai-usage-monthly'))) return;
    await manager.query(
      `INSERT INTO ai_usage_monthly (tenant_id, month, enrichments, tokens, credits)
       VALUES ($1, date_trunc('month', $2::timestamptz AT TIME ZONE 'UTC')::date, 1, $3, $4)
       ON CONFLICT (tenant_id, month) DO UPDATE
         SET enrichments = ai_usage_monthly.enrichments + 1,
             tokens = ai_usage_monthly.tokens + EXCLUDED.tokens,
             credits = ai_usage_monthly.credits + EXCLUDED.credits`,
      // A provider that reported no usage counts no tokens; the credits were spent all the same.
      [event.tenantId, event.occurredAt.toISOString(), wholeOrZero(event.payload.tokens_used), wholeOrZero(event.payload.credits_spent)],
    );
  }
}

function wholeOrZero(value: unknown): number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : 0;
}
