import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AiCreditsLedger } from '@modules/accounts';
import type { EnrichmentParams } from './domain/prompts';
import type { EnrichableField } from './domain/tenant-profile-enhanced.event';

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
 * both finish a job, and the credits of a failed or refused one are given back exactly once.
 */
@Injectable()
export class AiJobsStore {
  constructor(private readonly ledger: AiCreditsLedger) {}

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

  /** Ends a running job as succeeded; false when it was not running any more (nothing changed). */
  async succeed(manager: EntityManager, jobId: string, enhancedFields: EnrichableField[], tokensUsed: number | null): Promise<boolean> {
    const [, affected]: [unknown, number] = await manager.query(
      `UPDATE ai_jobs SET status = 'succeeded', enhanced_fields = $2::jsonb, tokens_used = $3, finished_at = now()
        WHERE id = $1 AND status = 'running'`,
      [jobId, JSON.stringify(enhancedFields), tokensUsed],
    );
    return affected === 1;
  }

  /**
   * Ends a job that has not ended as failed or rejected and gives its credits back, in the
   * caller's transaction; false (and nothing given) when it had already ended.
   */
  async endUnsuccessfully(
    manager: EntityManager,
    jobId: string,
    status: 'failed' | 'rejected',
    error: string,
    tokensUsed: number | null = null,
  ): Promise<boolean> {
    const [rows]: [Array<{ tenant_id: string; credits: number }>, number] = await manager.query(
      `UPDATE ai_jobs SET status = $2, error = $3, tokens_used = COALESCE($4, tokens_used), credits_returned = true, finished_at = now()
        WHERE id = $1 AND status IN ('queued', 'running') AND NOT credits_returned
        RETURNING tenant_id, credits`,
      [jobId, status, error.slice(0, 1000), tokensUsed],
    );
    if (!rows[0]) return false;
    if (rows[0].credits > 0) await this.ledger.giveBack(manager, rows[0].tenant_id, rows[0].credits);
    return true;
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
