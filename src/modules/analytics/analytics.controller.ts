import { Body, Controller, HttpCode, Logger, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiAcceptedResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Ctx } from '@common/context/ctx.decorator';
import type { RequestContext } from '@common/context/request-context';
import { Storefront } from '@common/context/storefront.decorator';
import { RateLimit } from '@infra/rate-limit/rate-limit.decorator';
import { RecordConversionCommand } from './commands/record-conversion/record-conversion.command';
import type { ConversionAnswer } from './commands/record-conversion/record-conversion.handler';
import { RecordInteractionCommand } from './commands/record-interaction/record-interaction.command';
import { TrackEventCommand } from './commands/track-event/track-event.command';
import { InteractionDto, TrackEventDto } from './dto/analytics.dto';

@ApiTags('analytics')
@Controller('api/v1')
export class AnalyticsController {
  private readonly logger = new Logger(AnalyticsController.name);

  constructor(private readonly commands: CommandBus) {}

  @Post('analytics/track')
  @HttpCode(202)
  @Storefront({ from: 'body-id-or-slug', unknown: { status: 404, message: 'This shop is not available.', body: { success: false } } })
  @ApiOperation({ summary: 'Accept a storefront event (stored in the background)' })
  @ApiAcceptedResponse({ description: '{ success: true, message }: durably queued' })
  @ApiNotFoundResponse({ description: '{ success: false, message }: the shop is not public' })
  async track(@Ctx() ctx: RequestContext, @Body() body: TrackEventDto) {
    await this.commands.execute<TrackEventCommand, void>(new TrackEventCommand(ctx.storefrontTenant().id, body));
    return { success: true, message: 'Event accepted.' };
  }

  @Post('analytics/conversion')
  @HttpCode(200)
  @ApiOperation({ summary: 'Conversion beacon: never fails; { status: ok | skipped, transaction_id }' })
  @ApiOkResponse({ description: "{ status: 'ok' | 'skipped', transaction_id }" })
  async conversion(@Req() req: Request) {
    return this.commands.execute<RecordConversionCommand, ConversionAnswer>(new RecordConversionCommand(req.body));
  }

  @Post('interactions')
  @RateLimit('tenant-aware')
  // No existence feedback: an unknown or closed shop is accepted (202) like a failure to record.
  @Storefront({ from: 'body', unknown: 'handler' })
  @ApiOperation({ summary: 'Record a storefront interaction' })
  @ApiCreatedResponse({ description: "{ status: 'success' }: recorded" })
  @ApiAcceptedResponse({ description: "{ status: 'accepted' }: unknown shop or not recorded (no existence feedback)" })
  async interaction(@Ctx() ctx: RequestContext, @Body() body: InteractionDto, @Res({ passthrough: true }) res: Response) {
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
