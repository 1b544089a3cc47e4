import { InjectQueue } from '@nestjs/bullmq';
import { Queue } from 'bullmq';
import { EntityManager } from 'typeorm';
import type { StoredEvent } from '@infra/outbox/stored-event';
import { OutboxEventHandler, OutboxHandler } from '@infra/outbox/outbox-handler.decorator';
import { AiJobsStore } from '@modules/ai/ai-jobs.store';
import type { EnhanceTenantProfileJob } from '@modules/ai/commands/enhance-tenant-profile/enhance-tenant-profile.command';
import { AiEnrichmentRequested, type AiEnrichmentRequestedPayload } from '@modules/ai/domain/ai-enrichment-requested.event';
import { AI_ENRICHMENT_JOB_OPTIONS, AI_ENRICHMENT_QUEUE } from '@modules/ai/jobs/ai-enrichment.queue';

/**
 * Queues the enrichment an `optimize-profile` request committed. The BullMQ job id is the job's
 * `ai_jobs` id, carried by the event: a redelivered event adds a job BullMQ already has, and a job
 * that runs again finds its row ended and does nothing (AiJobsStore.start). The job is added inside
 * the delivery's transaction, before its consumption is committed: if the add fails, the delivery
 * rolls back and is retried, and no request is left without its job.
 */
@OutboxHandler(AiEnrichmentRequested)
export class AiEnrichmentRequestedConsumer implements OutboxEventHandler<AiEnrichmentRequestedPayload> {
  constructor(
    @InjectQueue(AI_ENRICHMENT_QUEUE) private readonly queue: Queue<EnhanceTenantProfileJob>,
    private readonly jobs: AiJobsStore,
  ) {}

  async handle({ payload }: StoredEvent<AiEnrichmentRequestedPayload>): Promise<void> {
    const job: EnhanceTenantProfileJob = {
      jobId: payload.job_id,
      tenantId: payload.tenant_id,
      userId: payload.user_id,
      params: payload.params,
      credits: payload.credits,
      reservedTokens: payload.reserved_tokens,
    };
    await this.queue.add('enhance-tenant-profile', job, { ...AI_ENRICHMENT_JOB_OPTIONS, jobId: payload.job_id });
  }

  /** The event will never be delivered: the job that waits for it ends failed, its credits and tokens back. */
  async abandon({ payload }: StoredEvent<AiEnrichmentRequestedPayload>, manager: EntityManager): Promise<void> {
    await this.jobs.endUnsuccessfully(
      manager,
      { jobId: payload.job_id, tenantId: payload.tenant_id, reservedTokens: payload.reserved_tokens },
      'failed',
      'The job could not be queued.',
    );
  }
}
