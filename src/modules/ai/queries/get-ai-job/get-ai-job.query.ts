import type { AiJobStatus } from '@modules/ai/persistence/ai-jobs.rows';
import type { EnrichableField } from '@modules/ai/domain/tenant-profile-enhanced.event';

/** Result: `AiJobResource`; AiJobNotFoundError when the shop has no job with that id. */
export class GetAiJobQuery {
  constructor(
    readonly tenantId: string,
    readonly jobId: string,
  ) {}
}

export interface AiJobResource {
  job_id: string;
  status: AiJobStatus;
  enhanced_fields: EnrichableField[];
  error: string | null;
  tokens_used: number | null;
  created_at: string;
  finished_at: string | null;
}
