import { applyDecorators, Body, Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiAcceptedResponse,
  ApiBadGatewayResponse,
  ApiConflictResponse,
  ApiExtraModels,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiPaymentRequiredResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnprocessableEntityResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import { ERROR_SCHEMA, optionalRetryAfter, VALIDATION_ERROR_SCHEMA } from '@common/http/api-docs';
import { Ctx } from '@common/context/ctx.decorator';
import type { RequestContext } from '@common/context/request-context';
import { MerchantArea } from '@common/context/tenant-access.guard';
import { UuidIdParam } from '@common/http/id-params';
import { RateLimit } from '@infra/rate-limit/rate-limit.decorator';
import { RateLimitRemaining } from '@infra/rate-limit/rate-limit-remaining';
import { GenerateContentCommand, GenerateContentResult } from './commands/generate-content/generate-content.command';
import { OptimizeProfileCommand, OptimizeProfileResult } from './commands/optimize-profile/optimize-profile.command';
import { AI_JOB_NOT_FOUND } from './domain/ai.errors';
import { GenerateContentDto } from './dto/generate-content.dto';
import { OptimizeProfileDto } from './dto/optimize-profile.dto';
import {
  AiJobResponse,
  AlreadyEnhancedRejection,
  GenerateContentResponse,
  GeneratedSeo,
  OptimizeProfileQueuedResponse,
  ProfileRejectedError,
} from './dto/ai.resources';
import { AiJobResource, GetAiJobQuery } from './queries/get-ai-job/get-ai-job.query';
import { VerifiedEmailGuard } from './verified-email.guard';

/**
 * What both paid calls answer besides their success (docs/ai.md), and the proven email they
 * ask of the caller (docs/ai.md "Who may use AI").
 */
const PaidCallRefusals = () =>
  applyDecorators(
    UseGuards(VerifiedEmailGuard),
    ApiPaymentRequiredResponse({ description: "The shop's AI credits are spent (with AI_BUDGET_EXHAUSTED_STATUS=402, the default)" }),
    ApiForbiddenResponse({
      description:
        "The signed-in user does not belong to a shop (or is not on its team), has not verified their email address (by a one-time code or a social sign-in), or the shop's AI credits are spent (with AI_BUDGET_EXHAUSTED_STATUS=403)",
    }),
    ApiTooManyRequestsResponse({
      description: "Rate limit exceeded (with Retry-After), or the shop's or the platform's daily AI token allowance is used up (without)",
      headers: optionalRetryAfter('Seconds to wait; sent by the rate limit, not by the daily token allowance'),
      content: { 'application/json': { schema: ERROR_SCHEMA } },
    }),
    ApiServiceUnavailableResponse({
      description:
        'AI generation is not configured on this server, or the AI provider is unavailable (no credit spent); or PostgreSQL or Redis is unavailable (with Retry-After)',
      headers: optionalRetryAfter('Seconds to wait; sent when PostgreSQL or Redis is unavailable'),
      content: { 'application/json': { schema: ERROR_SCHEMA } },
    }),
  );

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
    private readonly queries: QueryBus,
  ) {}

  @Post('optimize-profile')
  @HttpCode(202)
  @PaidCallRefusals()
  @RateLimit('ai-optimize')
  @ApiOperation({
    summary: "Queue an AI enrichment of the shop's profile",
    description:
      '10 an hour per shop; spends AI_CREDITS_PER_CALL credits now (given back if the job fails without the provider using tokens). Follow the job at GET /api/v1/ai/jobs/{job_id}.',
  })
  @ApiExtraModels(ProfileRejectedError, AlreadyEnhancedRejection)
  @ApiAcceptedResponse({ type: OptimizeProfileQueuedResponse, description: 'Queued' })
  @ApiConflictResponse({
    description: 'The profile is already AI-enhanced and allow_reenhancement is not true (`error_code: alreadyEnhanced`)',
    content: { 'application/json': { schema: { $ref: getSchemaPath(AlreadyEnhancedRejection) } } },
  })
  @ApiUnprocessableEntityResponse({
    description:
      'Invalid fields (`errors`), or the shop cannot be enhanced: subscription canceled or past due, archived, no owner (`error_code`)',
    content: {
      'application/json': { schema: { oneOf: [VALIDATION_ERROR_SCHEMA, { $ref: getSchemaPath(ProfileRejectedError) }] } },
    },
  })
  async optimizeProfile(@Ctx() ctx: RequestContext, @Body() body: OptimizeProfileDto): Promise<OptimizeProfileQueuedResponse> {
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
  @ApiParam({ name: 'job_id', schema: { type: 'string', format: 'uuid' }, description: 'From POST /api/v1/ai/optimize-profile' })
  @ApiOkResponse({ type: AiJobResponse })
  @ApiNotFoundResponse({ description: "No such job of the caller's shop (another shop's job included)" })
  showAiJob(@Ctx() ctx: RequestContext, @UuidIdParam('job_id', AI_JOB_NOT_FOUND) jobId: string): Promise<AiJobResponse> {
    return this.queries.execute<GetAiJobQuery, AiJobResource>(new GetAiJobQuery(ctx.merchantTenantId, jobId));
  }

  @Post('generate')
  @HttpCode(200)
  @PaidCallRefusals()
  @RateLimit('ai-gen')
  @ApiOperation({
    summary: 'Generate copy for the shop without applying it',
    description: '5 an hour per user; spends AI_CREDITS_PER_CALL credits (given back when the provider fails without using tokens).',
  })
  @ApiExtraModels(GeneratedSeo)
  @ApiOkResponse({ type: GenerateContentResponse })
  @ApiBadGatewayResponse({ description: 'The AI provider gave an unusable answer (the message says whether the credit was spent)' })
  async generateAiContent(
    @Ctx() ctx: RequestContext,
    @Body() body: GenerateContentDto,
    @RateLimitRemaining('ai-gen') remainingAttempts: number | null,
  ): Promise<GenerateContentResponse> {
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
