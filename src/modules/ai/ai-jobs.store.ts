import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AiCreditsLedger } from '@modules/accounts';
import { AiDailyTokensStore } from './ai-daily-tokens.store';
import type { EnrichmentParams } from './domain/prompts';
import { AiJobsRepository } from './persistence/ai-jobs.repository';
import type { AiJobRow } from './persistence/ai-jobs.rows';
import { creditsSpentFor } from './domain/spending';
import type { EnrichableField } from './domain/tenant-profile-enhanced.event';

/** The tokens a job set aside at dispatch under the daily caps (absent on jobs queued before them). */
export type JobTokenReservation = { day: string; tokens: number } | undefined;

/**
 * `ai_jobs`: one row per enrichment request, from dispatch to its end. Every status change is a
 * conditional UPDATE on the current status, so two workers (a stalled job picked up again) cannot
 * both finish a job, and whoever ends it settles its tokens and, when the provider was not paid,
 * gives its credits back: exactly once.
 */
@Injectable()
export class AiJobsStore {
  constructor(
    private readonly ledger: AiCreditsLedger,
    private readonly dailyTokens: AiDailyTokensStore,
    private readonly jobs: AiJobsRepository,
  ) {}

  create(
    manager: EntityManager,
    job: { tenantId: string; userId: string; params: EnrichmentParams; credits: number },
  ): Promise<{ id: string; createdAt: Date }> {
    return this.jobs.insert(manager, job);
  }

  /** Marks the job running; null when it has already ended (a duplicate or late delivery). */
  start(manager: EntityManager, jobId: string): Promise<AiJobRow | null> {
    return this.jobs.markRunning(manager, jobId);
  }

  /**
   * Ends a running job as succeeded and settles its tokens; false when it was not running any more
   * (nothing changed).
   */
  async succeed(
    manager: EntityManager,
    job: { jobId: string; tenantId: string; reservedTokens?: JobTokenReservation },
    enhancedFields: EnrichableField[],
    tokensUsed: number | null,
  ): Promise<boolean> {
    if (!(await this.jobs.markSucceeded(manager, job.jobId, enhancedFields, tokensUsed))) return false;
    await this.settleTokens(manager, job, tokensUsed);
    return true;
  }

  /**
   * Ends a job that has not ended as failed or rejected, in the caller's transaction: its credits
   * are given back unless the provider reported usage (decisions §15), and its tokens are settled to
   * that usage (an answer that came without usage keeps its reservation; no answer costs none).
   * False (and nothing done) when it had already ended.
   */
  async endUnsuccessfully(
    manager: EntityManager,
    job: { jobId: string; tenantId: string; reservedTokens?: JobTokenReservation },
    status: 'failed' | 'rejected',
    error: string,
    usage: { tokensUsed: number | null; answered: boolean } = { tokensUsed: null, answered: false },
  ): Promise<boolean> {
    const { tokensUsed, answered } = usage;
    const spent = creditsSpentFor(tokensUsed);
    const ended = await this.jobs.markEnded(manager, job.jobId, { status, error: error.slice(0, 1000), tokensUsed, spent });
    if (!ended) return false;
    if (!spent && ended.credits > 0) await this.ledger.giveBack(manager, ended.tenant_id, ended.credits);
    await this.settleTokens(manager, job, tokensUsed ?? (answered ? null : 0));
    return true;
  }

  private async settleTokens(
    manager: EntityManager,
    { tenantId, reservedTokens }: { tenantId: string; reservedTokens?: JobTokenReservation },
    tokensUsed: number | null,
  ): Promise<void> {
    if (reservedTokens) await this.dailyTokens.settle(manager, { tenantId, ...reservedTokens }, tokensUsed);
  }

  /** A job of this shop; null when it has none with that id. */
  find(manager: EntityManager, tenantId: string, jobId: string): Promise<AiJobRow | null> {
    return this.jobs.find(manager, tenantId, jobId);
  }
}
