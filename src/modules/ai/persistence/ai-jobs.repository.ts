import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { EnrichmentParams } from '../domain/prompts';
import type { EnrichableField } from '../domain/tenant-profile-enhanced.event';
import { AiJobRecord, AiJobRow, aiJobFromRecord } from './ai-jobs.rows';

/**
 * The `ai_jobs` table: only this module writes it. Every status change is conditional on the
 * current status. Every method runs in the caller's transaction.
 */
@Injectable()
export class AiJobsRepository {
  async insert(
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

  /** Queued or running → running; null when it has already ended. */
  async markRunning(manager: EntityManager, jobId: string): Promise<AiJobRow | null> {
    const [rows]: [AiJobRecord[], number] = await manager.query(
      `UPDATE ai_jobs SET status = 'running', started_at = now()
        WHERE id = $1 AND status IN ('queued', 'running')
        RETURNING *`,
      [jobId],
    );
    return rows[0] ? aiJobFromRecord(rows[0]) : null;
  }

  /** Running → succeeded; false when it was not running. */
  async markSucceeded(
    manager: EntityManager,
    jobId: string,
    enhancedFields: EnrichableField[],
    tokensUsed: number | null,
  ): Promise<boolean> {
    const [, affected]: [unknown, number] = await manager.query(
      `UPDATE ai_jobs SET status = 'succeeded', enhanced_fields = $2::jsonb, tokens_used = $3, finished_at = now()
        WHERE id = $1 AND status = 'running'`,
      [jobId, JSON.stringify(enhancedFields), tokensUsed],
    );
    return affected === 1;
  }

  /**
   * Queued or running (credits not returned) → `status`, the credits marked returned unless
   * `spent`: the job's shop and credits, or undefined when it had already ended.
   */
  async markEnded(
    manager: EntityManager,
    jobId: string,
    ending: { status: 'failed' | 'rejected'; error: string; tokensUsed: number | null; spent: boolean },
  ): Promise<{ tenant_id: string; credits: number } | undefined> {
    const [rows]: [Array<{ tenant_id: string; credits: number }>, number] = await manager.query(
      `UPDATE ai_jobs SET status = $2, error = $3, tokens_used = COALESCE($4, tokens_used), credits_returned = NOT $5, finished_at = now()
        WHERE id = $1 AND status IN ('queued', 'running') AND NOT credits_returned
        RETURNING tenant_id, credits`,
      [jobId, ending.status, ending.error, ending.tokensUsed, ending.spent],
    );
    return rows[0];
  }

  /** A job of this shop; null when it has none with that id. */
  async find(manager: EntityManager, tenantId: string, jobId: string): Promise<AiJobRow | null> {
    const rows: AiJobRecord[] = await manager.query('SELECT * FROM ai_jobs WHERE id = $1 AND tenant_id = $2', [jobId, tenantId]);
    return rows[0] ? aiJobFromRecord(rows[0]) : null;
  }
}
