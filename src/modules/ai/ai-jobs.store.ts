import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AiCreditsLedger } from '@modules/accounts';
import { AiDailyTokensStore } from './ai-daily-tokens.store';
import type { EnrichmentParams } from './domain/prompts';
import { creditsSpentFor } from './domain/spending';
import type { EnrichableField } from './domain/tenant-profile-enhanced.event';

/** The tokens a job set aside at dispatch under the daily caps (absent on jobs queued before them). */
export type JobTokenReservation = { day: string; tokens: number } | undefined;

export const AI_JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'rejected'] as const;
export type AiJobStatus = (typeof AI_JOB_STATUSES)[number];

export interface AiJobRow {
  id: string;
  tenantId: string;
  userId: string | null;
  status: AiJobStatus;
  params: EnrichmentParams;
  enhancedFields: EnrichableField[];
  error: string | null;
  credits: number;
  tokensUsed: number | null;
  createdAt: Date;
  finishedAt: Date | null;
}

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
  ) {}

  async create(
    manager: EntityManager,
    job: { tenantId: string; userId: string; params: EnrichmentParams; credits: number },
  ): Promise<{ id: string; createdAt: Date }> {
    const rows: Array<{ id: string; created_at: Date }> = await manager.query(
      `INSERT INTO ai_jobs (tenant_id, user_id, kind, params, credits) VALUES ($1, $2, 'optimize-profile', $3::jsonb, $4)
       RETURNING id, created_at`,
      [job.tenantId, job.userId, JSON.stringify(job.params), job.credits],
    );
    return { id: rows[0].id, createdAt: rows[0].created_at };
  }

  /** Marks the job running; null when it has already ended (a duplicate or late delivery). */
  async start(manager: EntityManager, jobId: string): Promise<AiJobRow | null> {
    const [rows]: [Array<Record<string, unknown>>, number] = await manager.query(
      `UPDATE ai_jobs SET status = 'running', started_at = now()
        WHERE id = $1 AND status IN ('queued', 'running')
        RETURNING *`,
      [jobId],
    );
    return rows[0] ? toRow(rows[0]) : null;
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
    const [, affected]: [unknown, number] = await manager.query(
      `UPDATE ai_jobs SET status = 'succeeded', enhanced_fields = $2::jsonb, tokens_used = $3, finished_at = now()
        WHERE id = $1 AND status = 'running'`,
      [job.jobId, JSON.stringify(enhancedFields), tokensUsed],
    );
    if (affected !== 1) return false;
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
    const [rows]: [Array<{ tenant_id: string; credits: number }>, number] = await manager.query(
      `UPDATE ai_jobs SET status = $2, error = $3, tokens_used = COALESCE($4, tokens_used), credits_returned = NOT $5, finished_at = now()
        WHERE id = $1 AND status IN ('queued', 'running') AND NOT credits_returned
        RETURNING tenant_id, credits`,
      [job.jobId, status, error.slice(0, 1000), tokensUsed, spent],
    );
    if (!rows[0]) return false;
    if (!spent && rows[0].credits > 0) await this.ledger.giveBack(manager, rows[0].tenant_id, rows[0].credits);
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
  async find(manager: EntityManager, tenantId: string, jobId: string): Promise<AiJobRow | null> {
    const rows: Array<Record<string, unknown>> = await manager.query('SELECT * FROM ai_jobs WHERE id = $1 AND tenant_id = $2', [
      jobId,
      tenantId,
    ]);
    return rows[0] ? toRow(rows[0]) : null;
  }
}

function toRow(row: Record<string, unknown>): AiJobRow {
  return {
    id: row.id as string,
    tenantId: row.tenant_id as string,
    userId: row.user_id as string | null,
    status: row.status as AiJobStatus,
    params: row.params as EnrichmentParams,
    enhancedFields: row.enhanced_fields as EnrichableField[],
    error: row.error as string | null,
    credits: row.credits as number,
    tokensUsed: row.tokens_used as number | null,
    createdAt: row.created_at as Date,
    finishedAt: row.finished_at as Date | null,
  };
}
