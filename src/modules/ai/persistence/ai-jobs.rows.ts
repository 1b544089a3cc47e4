import type { EnrichmentParams } from '../domain/prompts';
import type { EnrichableField } from '../domain/tenant-profile-enhanced.event';

export const AI_JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'rejected'] as const;
export type AiJobStatus = (typeof AI_JOB_STATUSES)[number];

/** An `ai_jobs` row as it is read (`SELECT *` / `RETURNING *`). */
export interface AiJobRecord {
  id: string;
  tenant_id: string;
  user_id: string | null;
  status: AiJobStatus;
  params: EnrichmentParams;
  enhanced_fields: EnrichableField[];
  error: string | null;
  credits: number;
  tokens_used: number | null;
  created_at: Date;
  finished_at: Date | null;
}

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

export function aiJobFromRecord(row: AiJobRecord): AiJobRow {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    userId: row.user_id,
    status: row.status,
    params: row.params,
    enhancedFields: row.enhanced_fields,
    error: row.error,
    credits: row.credits,
    tokensUsed: row.tokens_used,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}
