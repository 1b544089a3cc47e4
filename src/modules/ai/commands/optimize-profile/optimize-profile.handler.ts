import { InjectQueue } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { DependencyUnavailableError } from '@common/errors/dependency-unavailable';
import { ServiceUnavailableError } from '@common/errors/domain.error';
import { Env } from '@config/env.validation';
import { inTransaction } from '@infra/database/transaction';
import { enqueueOnRequestPath } from '@infra/queue/enqueue';
import { AiCreditsLedger, TenantProfiles } from '@modules/accounts';
import { AiJobsStore } from '@modules/ai/ai-jobs.store';
import { AiBudgetExhaustedError, AiNotConfiguredError } from '@modules/ai/domain/ai.errors';
import { enrichmentRejection } from '@modules/ai/domain/enrichment-rules';
import { AiProvider } from '@modules/ai/provider/ai-provider.port';
import { AI_ENRICHMENT_JOB_OPTIONS, AI_ENRICHMENT_QUEUE } from '@modules/ai/jobs/ai-enrichment.queue';
import type { EnhanceTenantProfileJob } from '@modules/ai/commands/enhance-tenant-profile/enhance-tenant-profile.command';
import { OptimizeProfileCommand, OptimizeProfileResult } from './optimize-profile.command';

/**
 * Dispatch: the rules, then the credits (one conditional UPDATE: concurrent requests never spend
 * below zero), then the `ai_jobs` row, all in one transaction; the job is queued once that has
 * committed. If the queue cannot take it, the job ends `failed` and the credits go back.
 */
@CommandHandler(OptimizeProfileCommand)
export class OptimizeProfileHandler implements ICommandHandler<OptimizeProfileCommand, OptimizeProfileResult> {
  private readonly logger = new Logger(OptimizeProfileHandler.name);
  private readonly creditsPerCall: number;
  private readonly exhaustedStatus: 402 | 403;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectQueue(AI_ENRICHMENT_QUEUE) private readonly queue: Queue<EnhanceTenantProfileJob>,
    private readonly provider: AiProvider,
    private readonly profiles: TenantProfiles,
    private readonly ledger: AiCreditsLedger,
    private readonly jobs: AiJobsStore,
    config: ConfigService<Env, true>,
  ) {
    this.creditsPerCall = config.get('AI_CREDITS_PER_CALL', { infer: true });
    this.exhaustedStatus = config.get('AI_BUDGET_EXHAUSTED_STATUS', { infer: true });
  }

  async execute({ tenantId, userId, params }: OptimizeProfileCommand): Promise<OptimizeProfileResult> {
    if (!this.provider.configured) throw new AiNotConfiguredError();
    const credits = this.creditsPerCall;
    const { jobId, remainingCredits } = await inTransaction(this.dataSource, async (manager) => {
      const tenant = await this.profiles.find(manager, tenantId);
      // The caller's shop row always exists (users.tenant_id is set null when it goes).
      if (!tenant) throw new Error(`Tenant ${tenantId} of a signed-in user is missing`);
      const rejection = enrichmentRejection(tenant, params.allow_reenhancement);
      if (rejection) throw rejection;
      const remaining = await this.ledger.take(manager, tenantId, credits);
      if (remaining === null) throw new AiBudgetExhaustedError(this.exhaustedStatus);
      const job = await this.jobs.create(manager, { tenantId, userId, params, credits });
      return { jobId: job.id, remainingCredits: remaining };
    });

    try {
      await enqueueOnRequestPath(this.queue, () =>
        this.queue.add('enhance-tenant-profile', { jobId, tenantId, userId, params, credits }, { ...AI_ENRICHMENT_JOB_OPTIONS, jobId }),
      );
    } catch (error) {
      this.logger.warn({ err: error, jobId }, 'AI enrichment job could not be queued; credits given back');
      await inTransaction(this.dataSource, (manager) =>
        this.jobs.endUnsuccessfully(manager, jobId, 'failed', 'The job could not be queued.'),
      );
      if (error instanceof DependencyUnavailableError) throw error;
      throw new ServiceUnavailableError('The AI job could not be queued. No credit was spent; try again later.');
    }
    return { jobId, remainingCredits };
  }
}
