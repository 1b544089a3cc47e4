import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AiJobNotFoundError } from '@modules/ai/domain/ai.errors';
import { AiJobsRepository } from '@modules/ai/persistence/ai-jobs.repository';
import { AiJobResource, GetAiJobQuery } from './get-ai-job.query';

/** A job of the caller's shop; another shop's job answers exactly like a missing one. */
@QueryHandler(GetAiJobQuery)
export class GetAiJobHandler implements IQueryHandler<GetAiJobQuery, AiJobResource> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: AiJobsRepository,
  ) {}

  async execute({ tenantId, jobId }: GetAiJobQuery): Promise<AiJobResource> {
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
