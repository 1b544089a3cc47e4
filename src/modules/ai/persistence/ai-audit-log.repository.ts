import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { EnrichableField } from '../domain/tenant-profile-enhanced.event';

export const AI_AUDIT_LOG_NAME = 'ai-enrichment';

export interface AiAuditEntry {
  tenantId: string;
  /** Who asked for it. */
  causerId: string | null;
  jobId: string;
  enhancedFields: EnrichableField[];
  /** The provider's `usage.total_tokens`; null when it reported none. */
  tokensUsed: number | null;
  creditsSpent: number;
}

/** The `ai-enrichment` audit trail (spec 6) in `activity_log`: written in the transaction of the change it records. */
@Injectable()
export class AiAuditLogRepository {
  async record(manager: EntityManager, entry: AiAuditEntry): Promise<void> {
    await manager.query(
      `INSERT INTO activity_log (log_name, description, tenant_id, causer_id, subject_type, subject_id, properties)
       VALUES ($1, 'Shop profile enhanced', $2::uuid, $3, 'tenant', $2::text, $4::jsonb)`,
      [
        AI_AUDIT_LOG_NAME,
        entry.tenantId,
        entry.causerId,
        JSON.stringify({
          job_id: entry.jobId,
          enhanced_fields: entry.enhancedFields,
          tokens_used: entry.tokensUsed,
          credits_spent: entry.creditsSpent,
        }),
      ],
    );
  }
}
