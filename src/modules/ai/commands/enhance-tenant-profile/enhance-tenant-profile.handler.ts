import { Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { CatalogChanges } from '@infra/catalog-changes/catalog-changes';
import { inTransaction } from '@infra/database/transaction';
import { OutboxService } from '@infra/outbox/outbox.service';
import { type TenantProfile, TenantProfiles } from '@modules/accounts';
import { AiAuditLogRepository } from '@modules/ai/persistence/ai-audit-log.repository';
import { AiJobsStore } from '@modules/ai/ai-jobs.store';
import { EnrichmentRejectedError } from '@modules/ai/domain/ai.errors';
import { enrichmentRejection } from '@modules/ai/domain/enrichment-rules';
import { applicableFields } from '@modules/ai/domain/generated-profile';
import { type EnrichmentParams, profilePrompt } from '@modules/ai/domain/prompts';
import { EnrichableField, ENRICHABLE_FIELDS, TenantProfileEnhanced } from '@modules/ai/domain/tenant-profile-enhanced.event';
import { AiJsonAnswer, AiProvider, AiProviderError } from '@modules/ai/provider/ai-provider.port';
import { EnhanceTenantProfileCommand } from './enhance-tenant-profile.command';

/**
 * One enrichment, in the worker: running → the rules again (the shop may have changed since
 * dispatch) → the provider → one transaction that applies the non-empty values, writes the audit
 * row and the TenantProfileEnhanced outbox row, and marks the job succeeded. A refusal or a failure
 * ends the job `rejected` or `failed`; its credits go back unless the provider reported the tokens
 * it used (once: see AiJobsStore).
 */
@CommandHandler(EnhanceTenantProfileCommand)
export class EnhanceTenantProfileHandler implements ICommandHandler<EnhanceTenantProfileCommand, void> {
  private readonly logger = new Logger(EnhanceTenantProfileHandler.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly provider: AiProvider,
    private readonly profiles: TenantProfiles,
    private readonly jobs: AiJobsStore,
    private readonly audit: AiAuditLogRepository,
    private readonly outbox: OutboxService,
    private readonly changes: CatalogChanges,
  ) {}

  async execute(command: EnhanceTenantProfileCommand): Promise<void> {
    const { jobId, tenantId, params } = command;
    const job = await inTransaction(this.dataSource, (manager) => this.jobs.start(manager, jobId));
    if (!job) return;

    const tenant = await this.profiles.find(this.dataSource.manager, tenantId);
    const refusal = refusalOf(tenant, params);
    if (!tenant || refusal) return this.end(command, refusal);

    let answer: AiJsonAnswer;
    try {
      answer = await this.provider.completeJson(profilePrompt(tenant, params));
    } catch (error) {
      return this.end(command, error, { tokensUsed: error instanceof AiProviderError ? error.tokensUsed : null, answered: false });
    }
    const usage = { tokensUsed: answer.tokensUsed, answered: true };
    let fields: ReturnType<typeof applicableFields>;
    try {
      fields = applicableFields(answer.json);
    } catch (error) {
      return this.end(command, error, usage);
    }

    try {
      await inTransaction(this.dataSource, async (manager) => {
        // Locked, and the rules once more: a cancellation committed during the provider call wins.
        const current = await this.profiles.find(manager, tenantId, { lock: true });
        const refused = refusalOf(current, params);
        if (!current || refused) throw refused;
        const applied = ENRICHABLE_FIELDS.filter((field) => fields[field] !== undefined);
        if (applied.length > 0) await this.record(manager, command, current.userId ?? command.userId, applied, fields, answer.tokensUsed);
        if (!(await this.jobs.succeed(manager, command, applied, answer.tokensUsed))) throw new Error('The job ended elsewhere.');
      });
    } catch (error) {
      return this.end(command, error, usage);
    }
    // The shop's public profile changed: its pages and catalog copies go (docs/storefront.md).
    void this.changes.changed(tenantId);
  }

  private async record(
    manager: EntityManager,
    { jobId, tenantId, userId, credits }: EnhanceTenantProfileCommand,
    ownerId: string,
    applied: EnrichableField[],
    fields: ReturnType<typeof applicableFields>,
    tokensUsed: number | null,
  ): Promise<void> {
    await this.profiles.applyEnrichment(manager, tenantId, fields);
    await this.audit.record(manager, { tenantId, causerId: userId, jobId, enhancedFields: applied, tokensUsed, creditsSpent: credits });
    await this.outbox.record(
      manager,
      new TenantProfileEnhanced(tenantId, {
        tenant_id: tenantId,
        user_id: ownerId,
        triggered_by: userId,
        enhanced_fields: applied,
        tokens_used: tokensUsed,
        credits_spent: credits,
      }),
    );
  }

  /**
   * Ends the job `rejected` (a rule, error = the exception's name) or `failed`; its credits go back
   * unless the provider reported usage (decisions §15).
   */
  private async end(
    command: EnhanceTenantProfileCommand,
    error: unknown,
    usage: { tokensUsed: number | null; answered: boolean } = { tokensUsed: null, answered: false },
  ): Promise<void> {
    const rejected = error instanceof EnrichmentRejectedError;
    const reason = rejected ? error.code : describe(error);
    if (!rejected) this.logger.warn({ err: error, jobId: command.jobId }, 'AI enrichment failed');
    await inTransaction(this.dataSource, (manager) =>
      this.jobs.endUnsuccessfully(manager, command, rejected ? 'rejected' : 'failed', reason, usage),
    );
  }
}

function refusalOf(tenant: TenantProfile | null, params: EnrichmentParams): Error | null {
  return tenant ? enrichmentRejection(tenant, params.allow_reenhancement) : new Error('The shop no longer exists.');
}

/** What the job's `error` says: the provider's trouble or the answer's, never SQL or a stack. */
function describe(error: unknown): string {
  if (error instanceof Error && ['AiProviderError', 'InvalidGeneratedProfileError'].includes(error.name)) return error.message;
  if (error instanceof Error && /^The (shop|job) /.test(error.message)) return error.message;
  return 'The generated profile could not be saved.';
}
