import { Body, Controller, HttpCode, Logger, Post, Req, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { RateLimit } from '@infra/rate-limit/rate-limit.decorator';
import { AnalyticsIntakeService } from './analytics-intake.service';
import { InteractionDto, TrackEventDto } from './dto/analytics.dto';

@ApiTags('analytics')
@Controller('api/v1')
export class AnalyticsController {
  private readonly logger = new Logger(AnalyticsController.name);

  constructor(private readonly intake: AnalyticsIntakeService) {}

  @Post('analytics/track')
  @HttpCode(202)
  @ApiOperation({ summary: 'Accept a storefront event (stored in the background)' })
  @ApiAcceptedResponse({ description: '{ success: true, message }: durably queued' })
  @ApiNotFoundResponse({ description: '{ success: false, message }: the shop is not public' })
  async track(@Body() body: TrackEventDto) {
    await this.intake.track(body);
    return { success: true, message: 'Event accepted.' };
  }

  @Post('analytics/conversion')
  @HttpCode(200)
  @ApiOperation({ summary: 'Conversion beacon: never fails; { status: ok | skipped, transaction_id }' })
  @ApiOkResponse({ description: "{ status: 'ok' | 'skipped', transaction_id }" })
  async conversion(@Req() req: Request) {
    return this.intake.conversion(parseBeacon(req.body));
  }

  @Post('interactions')
  @RateLimit('tenant-aware')
  @ApiOperation({ summary: 'Record a storefront interaction' })
  @ApiCreatedResponse({ description: "{ status: 'success' }: recorded" })
  @ApiAcceptedResponse({ description: "{ status: 'accepted' }: unknown shop or not recorded (no existence feedback)" })
  async interaction(@Body() body: InteractionDto, @Res({ passthrough: true }) res: Response) {
    let recorded = false;
    try {
      recorded = await this.intake.interaction(body);
    } catch (error) {
      this.logger.warn({ err: error }, 'Interaction not recorded');
    }
    res.status(recorded ? 201 : 202);
    return recorded ? { status: 'success' } : { status: 'accepted' };
  }
}

/** Beacons arrive as JSON, as text/plain JSON (navigator.sendBeacon) or as garbage; all are read here. */
function parseBeacon(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    return {};
  }
}
