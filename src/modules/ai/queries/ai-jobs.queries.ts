import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AiJobsStore } from '@modules/ai/ai-jobs.store';
import type { AiJobStatus } from '@modules/ai/persistence/ai-jobs.rows';
import { AiJobNotFoundError } from '@modules/ai/domain/ai.errors';
import type { EnrichableField } from '@modules/ai/domain/tenant-profile-enhanced.event';

export interface AiJobResource {
  job_id: string;
  status: AiJobStatus;
  enhanced_fields: EnrichableField[];
  error: string | null;
  tokens_used: number | null;
  created_at: string;
  finished_at: string | null;
}

@Injectable()
export class AiJobsQueries {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: AiJobsStore,
  ) {}

  /** A job of the caller's shop; another shop's job answers exactly like a missing one. */
  async show(tenantId: string, jobId: string): Promise<AiJobResource> {
    const job = await this.jobs.find(this.dataSource.manager, tenantId, jobId);
    if (!job) throw new AiJobNotFoundError();
    return {
      job_id: job.id,
      status: job.status,
      enhanced_fields: job.enhancedFields,
      error: job.error,
      tokens_used: job.tokensUsed,
      created_at: job.createdAt.toISOString(),
      finished_at: job.finishedAt?.toISOString() ?? null,
    };
  }
}
