import { inTransaction } from '@infra/database/transaction';
import { OutboxService } from '@infra/outbox/outbox.service';
import { TenantProfileEnhanced, type TenantProfileEnhancedPayload } from '@modules/ai';
import type { TestApp } from './test-app';
import { waitFor } from './wait';

/**
 * Records a TenantProfileEnhanced in its own transaction, as AI enrichment does, so that the relay
 * delivers it to its consumers. `occurredAt` gives it the instant a late or replayed event carries.
 */
export async function recordProfileEnhanced(
  t: TestApp,
  tenantId: string,
  ownerId: string,
  overrides: Partial<TenantProfileEnhancedPayload> = {},
  occurredAt?: Date,
): Promise<string> {
  const event = new TenantProfileEnhanced(tenantId, {
    tenant_id: tenantId,
    user_id: ownerId,
    triggered_by: ownerId,
    enhanced_fields: ['description', 'slogan'],
    tokens_used: 420,
    credits_spent: 1,
    ...overrides,
  });
  if (occurredAt) Object.assign(event, { occurredAt });
  return inTransaction(t.db, (manager) => t.get(OutboxService).record(manager, event));
}

/** Waits until the relay and the outbox worker have handled the row. */
export async function outboxRowProcessed(t: TestApp, outboxId: string): Promise<void> {
  await waitFor(async () => (await t.db.query(`SELECT 1 FROM outbox_events WHERE id = $1 AND status = 'processed'`, [outboxId])).length, {
    what: `outbox row ${outboxId} to be processed`,
  });
}
