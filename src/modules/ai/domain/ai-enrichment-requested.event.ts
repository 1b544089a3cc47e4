import { DomainEvent } from '@common/events/domain-event';
import type { EnrichmentParams } from './prompts';

export interface AiEnrichmentRequestedPayload {
  /** The `ai_jobs` row, also the BullMQ job id on the `ai-enrichment` queue. */
  job_id: string;
  tenant_id: string;
  /** Who asked for it. */
  user_id: string;
  params: EnrichmentParams;
  /** Credits taken at dispatch. */
  credits: number;
  /** The tokens set aside under the daily caps at dispatch (settled by the job): UTC day and count. */
  reserved_tokens: { day: string; tokens: number };
}

/**
 * Recorded in the dispatch transaction of `optimize-profile`, with the job's row and its credits:
 * the outbox relay delivers it, and its consumer queues the job. A crash after the commit leaves
 * the event to be delivered, never a job whose credits are taken and that nothing will run.
 */
export class AiEnrichmentRequested extends DomainEvent<AiEnrichmentRequestedPayload> {
  static readonly type = 'AiEnrichmentRequested';
}
