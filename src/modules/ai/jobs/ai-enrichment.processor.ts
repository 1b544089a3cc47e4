import { InjectDataSource } from '@nestjs/typeorm';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Job } from 'bullmq';
import { DataSource } from 'typeorm';
import { inTransaction } from '@infra/database/transaction';
import { AiJobsStore } from '@modules/ai/ai-jobs.store';
import {
  EnhanceTenantProfileCommand,
  EnhanceTenantProfileJob,
} from '@modules/ai/commands/enhance-tenant-profile/enhance-tenant-profile.command';
import { AI_ENRICHMENT_QUEUE } from './ai-enrichment.queue';
import { workerOptions } from '@infra/queue/worker-options';

/**
 * Runs queued enrichments. The handler ends the job itself for every expected outcome; an error
 * reaching here is unexpected (the database away) and BullMQ tries again. On the last attempt the
 * job is ended `failed` and its credits given back, so no credit stays taken by a job that is over.
 */
@Processor(AI_ENRICHMENT_QUEUE, workerOptions({ concurrency: 4 }))
export class AiEnrichmentProcessor extends WorkerHost {
  private readonly logger = new Logger(AiEnrichmentProcessor.name);

  constructor(
    private readonly commands: CommandBus,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: AiJobsStore,
  ) {
    super();
  }

  async process(job: Job<EnhanceTenantProfileJob>): Promise<void> {
    const { jobId, tenantId, userId, params, credits, reservedTokens } = job.data;
    try {
      await this.commands.execute(new EnhanceTenantProfileCommand(jobId, tenantId, userId, params, credits, reservedTokens));
    } catch (error) {
      if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) {
        this.logger.error({ err: error, jobId }, 'AI enrichment failed on its last attempt; credits given back');
        await inTransaction(this.dataSource, (manager) =>
          this.jobs.endUnsuccessfully(manager, { jobId, tenantId, reservedTokens }, 'failed', 'The enrichment could not be completed.'),
        );
      }
      throw error;
    }
  }
}
