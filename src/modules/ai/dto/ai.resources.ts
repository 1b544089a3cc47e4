import { ApiProperty, getSchemaPath } from '@nestjs/swagger';
import { AI_JOB_STATUSES, type AiJobStatus } from '../persistence/ai-jobs.rows';
import {
  AlreadyEnhancedError,
  CannotEnhanceArchivedProfileError,
  CannotEnhanceSuspendedProfileError,
  CannotEnhanceWithoutOwnerError,
} from '../domain/ai.errors';
import type { GeneratedContent } from '../domain/generated-content';
import { ENRICHABLE_FIELDS, type EnrichableField } from '../domain/tenant-profile-enhanced.event';
import type { AiJobResource } from '../queries/get-ai-job/get-ai-job.query';

export class OptimizeProfileQueuedResponse {
  @ApiProperty({ enum: ['queued'] })
  status: 'queued';

  @ApiProperty({ format: 'uuid', description: 'Follow it at GET /api/v1/ai/jobs/{job_id}' })
  job_id: string;

  @ApiProperty({ type: 'integer', minimum: 0, description: "The shop's AI credits after this call" })
  remaining_credits: number;
}

export class AiJobResponse implements AiJobResource {
  @ApiProperty({ format: 'uuid' })
  job_id: string;

  @ApiProperty({ enum: AI_JOB_STATUSES })
  status: AiJobStatus;

  @ApiProperty({
    type: 'array',
    items: { type: 'string', enum: [...ENRICHABLE_FIELDS] },
    description: 'The profile fields the job changed',
  })
  enhanced_fields: EnrichableField[];

  @ApiProperty({ type: 'string', nullable: true, description: 'Why the job failed or was rejected' })
  error: string | null;

  @ApiProperty({ type: 'integer', minimum: 0, nullable: true, description: 'What the provider reported; null until it answers' })
  tokens_used: number | null;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ type: 'string', format: 'date-time', nullable: true })
  finished_at: string | null;
}

/** `content` of type `seo`. */
export class GeneratedSeo {
  @ApiProperty()
  title: string;

  @ApiProperty()
  description: string;
}

export class GenerateContentResponse {
  @ApiProperty({
    description: 'By type: `tags` a list of tags, `seo` a title and a description, the others a text',
    oneOf: [
      { type: 'string', minLength: 1 },
      { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 },
      { $ref: getSchemaPath(GeneratedSeo) },
    ],
  })
  content: GeneratedContent;

  @ApiProperty({ type: 'integer', minimum: 0, nullable: true, description: 'What the provider reported; null when it reported none' })
  tokens_used: number | null;

  @ApiProperty({ type: 'integer', minimum: 0, nullable: true, description: 'Calls left in the hour for this user; null when not counted' })
  remaining_attempts: number | null;
}

/** The enrichment rules' refusals (spec 7): the rule's name in `error_code`. */
export class ProfileRejectedError {
  @ApiProperty()
  message: string;

  @ApiProperty({
    enum: [new CannotEnhanceSuspendedProfileError(), new CannotEnhanceArchivedProfileError(), new CannotEnhanceWithoutOwnerError()].map(
      (error) => error.code,
    ),
  })
  error_code: string;
}

export class AlreadyEnhancedRejection {
  @ApiProperty()
  message: string;

  @ApiProperty({ enum: [new AlreadyEnhancedError().code] })
  error_code: string;
}

export class AiCreditsBalance {
  @ApiProperty({ format: 'uuid' })
  tenant_id: string;

  @ApiProperty({ type: 'integer', minimum: 0, description: "The shop's AI credits after the addition" })
  ai_credits: number;
}

export class AddAiCreditsResponse {
  @ApiProperty({ type: AiCreditsBalance })
  data: AiCreditsBalance;
}
