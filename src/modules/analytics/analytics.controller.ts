import { applyDecorators, Body, Controller, HttpCode, Logger, Post, Req, Res, Type } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiAcceptedResponse,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Ctx } from '@common/context/ctx.decorator';
import type { RequestContext } from '@common/context/request-context';
import { Storefront } from '@common/context/storefront.decorator';
import { ApiNeverAnswers } from '@common/http/api-docs';
import { RateLimit } from '@infra/rate-limit/rate-limit.decorator';
import { RecordConversionCommand } from './commands/record-conversion/record-conversion.command';
import type { ConversionAnswer } from './commands/record-conversion/record-conversion.handler';
import { RecordInteractionCommand } from './commands/record-interaction/record-interaction.command';
import { TrackEventCommand } from './commands/track-event/track-event.command';
import { InteractionDto, TrackEventDto } from './dto/analytics.dto';
import {
  ConversionAnswer as ConversionAnswerBody,
  ConversionBeaconBody,
  EventAcceptedAnswer,
  EventShopUnavailable,
  InteractionAcceptedAnswer,
  InteractionRecordedAnswer,
} from './dto/analytics.resources';

const TEXT_PLAIN_BEACON =
  'The body may also be sent as text/plain holding the same JSON (what `navigator.sendBeacon` sends with a string): it is ' +
  'parsed, refused (400 for JSON that does not parse) and validated exactly as an application/json body.';

/** A JSON body that may also come as text/plain holding the JSON (decisions §18). */
const JsonOrTextBody = (dto: Type<unknown>) =>
  applyDecorators(
    ApiConsumes('application/json', 'text/plain'),
    ApiExtraModels(dto),
    ApiBody({
      description: 'The object as JSON; as text/plain, the same object as JSON text',
      schema: { anyOf: [{ $ref: getSchemaPath(dto) }, { type: 'string' }] },
    }),
  );

@ApiTags('analytics')
@Controller('api/v1')
export class AnalyticsController {
  private readonly logger = new Logger(AnalyticsController.name);

  constructor(private readonly commands: CommandBus) {}

  @Post('analytics/track')
  @HttpCode(202)
  @Storefront({ from: 'body-id-or-slug', unknown: { status: 404, message: 'This shop is not available.', body: { success: false } } })
  @ApiOperation({
    summary: 'Accept a storefront event (stored in the background)',
    description: TEXT_PLAIN_BEACON,
  })
  @JsonOrTextBody(TrackEventDto)
  @ApiAcceptedResponse({ type: EventAcceptedAnswer, description: 'Durably queued' })
  @ApiNotFoundResponse({ type: EventShopUnavailable, description: 'The shop is unknown or not public' })
  @ApiUnprocessableEntityResponse({ description: 'A field breaks a rule (`product_id` not a product of the shop, metadata over 8 KiB)' })
  async trackEvent(@Ctx() ctx: RequestContext, @Body() body: TrackEventDto): Promise<EventAcceptedAnswer> {
    await this.commands.execute<TrackEventCommand, void>(new TrackEventCommand(ctx.storefrontTenant().id, body));
    return { success: true, message: 'Event accepted.' };
  }

  @Post('analytics/conversion')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Record a conversion (beacon): never refused for its content',
    description:
      'The body is read as text whatever its content type (navigator.sendBeacon sends text/plain), then as JSON: a body that is ' +
      'not a JSON object, or names no known shop, is skipped. Only a body too large or content-encoded is refused.',
  })
  @ApiConsumes('application/json', 'text/plain')
  @ApiExtraModels(ConversionBeaconBody)
  @ApiBody({
    required: false,
    description: 'The beacon as a JSON object; as text/plain, the same object as JSON text',
    schema: { anyOf: [{ $ref: getSchemaPath(ConversionBeaconBody) }, { type: 'string' }] },
  })
  @ApiNeverAnswers('400', '422')
  @ApiOkResponse({ type: ConversionAnswerBody })
  async recordConversion(@Req() req: Request): Promise<ConversionAnswer> {
    return this.commands.execute<RecordConversionCommand, ConversionAnswer>(new RecordConversionCommand(req.body));
  }

  @Post('interactions')
  @RateLimit('tenant-aware')
  // No existence feedback: an unknown or closed shop is accepted (202) like a failure to record.
  @Storefront({ from: 'body', unknown: 'handler' })
  @ApiOperation({
    summary: 'Record a storefront interaction',
    description:
      'No existence feedback: an unknown or closed shop, or an interaction that could not be recorded, is accepted (202). ' +
      TEXT_PLAIN_BEACON,
  })
  @JsonOrTextBody(InteractionDto)
  @ApiCreatedResponse({ type: InteractionRecordedAnswer, description: 'Recorded' })
  @ApiAcceptedResponse({ type: InteractionAcceptedAnswer, description: 'Unknown or closed shop, or not recorded' })
  async recordInteraction(
    @Ctx() ctx: RequestContext,
    @Body() body: InteractionDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<InteractionRecordedAnswer | InteractionAcceptedAnswer> {
    let recorded = false;
    try {
      if (ctx.storefront?.isPublic) {
        recorded = await this.commands.execute<RecordInteractionCommand, boolean>(new RecordInteractionCommand(ctx.storefront.id, body));
      }
    } catch (error) {
      this.logger.warn({ err: error }, 'Interaction not recorded');
    }
    res.status(recorded ? 201 : 202);
    return recorded ? { status: 'success' } : { status: 'accepted' };
  }
}
