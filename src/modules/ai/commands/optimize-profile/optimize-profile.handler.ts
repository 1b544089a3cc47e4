import { ConfigService } from '@nestjs/config';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Env } from '@config/env.schema';
import { inTransaction } from '@infra/database/transaction';
import { OutboxService } from '@infra/outbox/outbox.service';
import { AiCreditsLedger, TenantProfiles } from '@modules/accounts';
import { AiDailyTokensStore } from '@modules/ai/ai-daily-tokens.store';
import { AiJobsStore } from '@modules/ai/ai-jobs.store';
import { AiEnrichmentRequested } from '@modules/ai/domain/ai-enrichment-requested.event';
import { AiBudgetExhaustedError, AiNotConfiguredError } from '@modules/ai/domain/ai.errors';
import { enrichmentRejection } from '@modules/ai/domain/enrichment-rules';
import { profilePrompt } from '@modules/ai/domain/prompts';
import { AiProvider } from '@modules/ai/provider/ai-provider.port';
import { OptimizeProfileCommand, OptimizeProfileResult } from './optimize-profile.command';

/**
 * Dispatch, in one transaction: the rules, the credits (one conditional UPDATE: concurrent requests
 * never spend below zero), the job's worst-case tokens under the daily caps (429 beyond), the
 * `ai_jobs` row and the AiEnrichmentRequested outbox row. Nothing is queued here: the outbox relay
 * delivers the event and its consumer queues the job, so a request whose transaction committed
 * always gets its job, whatever happens to this process or the queue afterwards.
 */
@CommandHandler(OptimizeProfileCommand)
export class OptimizeProfileHandler implements ICommandHandler<OptimizeProfileCommand, OptimizeProfileResult> {
  private readonly creditsPerCall: number;
  private readonly exhaustedStatus: 402 | 403;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly provider: AiProvider,
    private readonly profiles: TenantProfiles,
    private readonly ledger: AiCreditsLedger,
    private readonly dailyTokens: AiDailyTokensStore,
    private readonly jobs: AiJobsStore,
    private readonly outbox: OutboxService,
    config: ConfigService<Env, true>,
  ) {
    this.creditsPerCall = config.get('AI_CREDITS_PER_CALL', { infer: true });
    this.exhaustedStatus = config.get('AI_BUDGET_EXHAUSTED_STATUS', { infer: true });
  }

  async execute({ tenantId, userId, params }: OptimizeProfileCommand): Promise<OptimizeProfileResult> {
    if (!this.provider.configured) throw new AiNotConfiguredError();
    const credits = this.creditsPerCall;
    return inTransaction(this.dataSource, async (manager) => {
      const tenant = await this.profiles.find(manager, tenantId);
      // The caller's shop row always exists (users.tenant_id is set null when it goes).
      if (!tenant) throw new Error(`Tenant ${tenantId} of a signed-in user is missing`);
      const rejection = enrichmentRejection(tenant, params.allow_reenhancement);
      if (rejection) throw rejection;
      const remaining = await this.ledger.take(manager, tenantId, credits);
      if (remaining === null) throw new AiBudgetExhaustedError(this.exhaustedStatus);
      // The prompt the job will send, as the shop is now: its worst case is what is set aside.
      const reservation = await this.dailyTokens.reserve(manager, tenantId, profilePrompt(tenant, params));
      const job = await this.jobs.create(manager, { tenantId, userId, params, credits });
      await this.outbox.record(
        manager,
        new AiEnrichmentRequested(tenantId, {
          job_id: job.id,
          tenant_id: tenantId,
          user_id: userId,
          params,
          credits,
          reserved_tokens: { day: reservation.day, tokens: reservation.tokens },
        }),
      );
      return { jobId: job.id, remainingCredits: remaining };
    });
  }
}
