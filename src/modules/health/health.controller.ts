import { Controller, Get, Header, HttpCode, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  ApiInternalServerErrorResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiNeverAnswers } from '@common/http/api-docs';
import { SkipRateLimit } from '@infra/rate-limit/rate-limit.decorator';
import { HealthReport, isHealthy, RuntimeModeReport } from './domain/health-report';
import { HealthReportResource, NotReadyResource, ReadinessResource } from './dto/health.resources';
import { CheckReadinessQuery, Readiness } from './queries/check-readiness/check-readiness.query';
import { GetHealthReportQuery } from './queries/get-health-report/get-health-report.query';

/** The one refusal a probe can meet: the server answers it before any route (decisions §16). */
const HEADERS_TOO_LARGE = { status: 431, description: 'Request headers too large' };

@ApiTags('health')
@SkipRateLimit()
@ApiResponse(HEADERS_TOO_LARGE)
@Controller('health')
export class HealthController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @ApiNeverAnswers('503')
  @ApiOperation({
    operationId: 'showHealthReport',
    summary: 'The last health report, and the mode the process runs in',
    description:
      'The last cached result of the Database, UsedDiskSpace, Cache and (in Redis mode) RedisPersistence checks, run now when none is cached (or the cache does not answer), and which mode runs (`mode`: redis or postgres-only). An outage shows as a failed check, never as a 503.',
  })
  @ApiOkResponse({ type: HealthReportResource, description: 'Every check ok or warning' })
  @ApiInternalServerErrorResponse({ type: HealthReportResource, description: 'A check failed or crashed: the same report, naming it' })
  async report(@Res({ passthrough: true }) res: Response): Promise<HealthReportResource> {
    const report = await this.queries.execute<GetHealthReportQuery, HealthReport & RuntimeModeReport>(new GetHealthReportQuery());
    res.status(isHealthy(report) ? 200 : 500);
    return report;
  }

  @Get('live')
  @HttpCode(200)
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  @ApiNeverAnswers('503')
  @ApiOperation({ operationId: 'checkLiveness', summary: 'Liveness: the process answers. Checks no dependency.' })
  @ApiProduces('text/plain')
  @ApiOkResponse({ description: 'The process is alive', schema: { type: 'string', enum: ['OK'] } })
  live(): string {
    return 'OK';
  }

  @Get('ready')
  @ApiNeverAnswers('503')
  @ApiOperation({
    operationId: 'checkReadiness',
    summary: 'Readiness: every dependency answers and the process is not shutting down',
    description:
      'PostgreSQL, the store (Redis or PostgreSQL) and every queue connection answer now (within 1 s) and the process is not shutting down.',
  })
  @ApiOkResponse({ type: ReadinessResource, description: 'Ready: every indicator is up' })
  @ApiServiceUnavailableResponse({
    type: NotReadyResource,
    description: 'Not ready: an indicator is down, or the process is shutting down',
  })
  async ready(@Res({ passthrough: true }) res: Response) {
    const { ready, body } = await this.queries.execute<CheckReadinessQuery, Readiness>(new CheckReadinessQuery());
    if (!ready) res.status(503);
    return body;
  }
}
