import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx } from '@common/context/ctx.decorator';
import type { RequestContext } from '@common/context/request-context';
import { MerchantArea } from '@common/context/tenant-access.guard';
import { UuidIdParam } from '@common/http/id-params';
import { RateLimit } from '@infra/rate-limit/rate-limit.decorator';
import { RateLimitRemaining } from '@infra/rate-limit/rate-limit-remaining';
import { GenerateContentCommand, GenerateContentResult } from './commands/generate-content/generate-content.command';
import { OptimizeProfileCommand, OptimizeProfileResult } from './commands/optimize-profile/optimize-profile.command';
import { AI_JOB_NOT_FOUND } from './domain/ai.errors';
import type { GeneratedContent } from './domain/generated-content';
import { GenerateContentDto } from './dto/generate-content.dto';
import { OptimizeProfileDto } from './dto/optimize-profile.dto';
import { AiJobResource, AiJobsQueries } from './queries/ai-jobs.queries';

/**
 * AI enrichment of the caller's own shop (tenant.ownership: a user without a shop, or a customer,
 * is refused with 403 like every merchant route). Both calls are paid from the shop's credits.
 */
@ApiTags('ai')
@MerchantArea()
@Controller('api/v1/ai')
export class AiController {
  constructor(
    private readonly commands: CommandBus,
    private readonly jobs: AiJobsQueries,
  ) {}

  @Post('optimize-profile')
  @HttpCode(202)
  @RateLimit('ai-optimize')
  @ApiOperation({ summary: "Queue an AI enrichment of the shop's profile (10 an hour per shop; spends AI_CREDITS_PER_CALL credits)" })
  async optimizeProfile(
    @Ctx() ctx: RequestContext,
    @Body() body: OptimizeProfileDto,
  ): Promise<{ status: 'queued'; job_id: string; remaining_credits: number }> {
    const result = await this.commands.execute<OptimizeProfileCommand, OptimizeProfileResult>(
      new OptimizeProfileCommand(ctx.merchantTenantId, ctx.principal.id, {
        allow_reenhancement: body.allow_reenhancement ?? false,
        tone: body.tone?.trim() || null,
        target_audience: body.target_audience?.trim() || null,
        keywords: (body.keywords ?? []).map((keyword) => keyword.trim()).filter((keyword) => keyword !== ''),
      }),
    );
    return { status: 'queued', job_id: result.jobId, remaining_credits: result.remainingCredits };
  }

  @Get('jobs/:job_id')
  @ApiOperation({ summary: 'Where an enrichment job stands: queued, running, succeeded, failed or rejected' })
  job(@Ctx() ctx: RequestContext, @UuidIdParam('job_id', AI_JOB_NOT_FOUND) jobId: string): Promise<AiJobResource> {
    return this.jobs.show(ctx.merchantTenantId, jobId);
  }

  @Post('generate')
  @HttpCode(200)
  @RateLimit('ai-gen')
  @ApiOperation({ summary: 'Generate copy without applying it (5 an hour per user; spends AI_CREDITS_PER_CALL credits)' })
  async generate(
    @Ctx() ctx: RequestContext,
    @Body() body: GenerateContentDto,
    @RateLimitRemaining('ai-gen') remainingAttempts: number | null,
  ): Promise<{ content: GeneratedContent; tokens_used: number | null; remaining_attempts: number | null }> {
    const result = await this.commands.execute<GenerateContentCommand, GenerateContentResult>(
      new GenerateContentCommand(ctx.merchantTenantId, {
        business_name: body.business_name.trim(),
        activity: body.activity.trim(),
        location: body.location.trim(),
        extra_details: body.extra_details?.trim() || null,
        type: body.type,
      }),
    );
    return { content: result.content, tokens_used: result.tokensUsed, remaining_attempts: remainingAttempts };
  }
}
