import { Controller, Get, Header, HttpCode, Res } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import type { Response } from 'express';
import { Env } from '@config/env.schema';
import { runtimeMode } from '@config/env.parsers';
import { ShutdownState } from '@infra/lifecycle/shutdown-state';
import { SkipRateLimit } from '@infra/rate-limit/rate-limit.decorator';
import { HealthReport, isHealthy, RuntimeModeReport } from './domain/health-report';
import { GetHealthReportQuery } from './queries/get-health-report/get-health-report.query';
import { QueueHealthIndicator } from './queue.health-indicator';
import { StoreHealthIndicator } from './store.health-indicator';

@ApiTags('health')
@SkipRateLimit()
@Controller('health')
export class HealthController {
  constructor(
    private readonly queries: QueryBus,
    private readonly terminus: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly store: StoreHealthIndicator,
    private readonly queues: QueueHealthIndicator,
    private readonly shutdown: ShutdownState,
    config: ConfigService<Env, true>,
  ) {
    const mode = runtimeMode({ REDIS_URL: config.get('REDIS_URL', { infer: true }) });
    this.mode = {
      mode,
      backends: {
        store: config.get('STORE_BACKEND', { infer: true }),
        queues: config.get('QUEUE_BACKEND', { infer: true }),
        realtime: mode === 'redis' ? 'redis' : 'postgres',
      },
    };
  }

  private readonly mode: RuntimeModeReport;

  @Get()
  @ApiOperation({
    summary:
      'Last cached result of the Database, UsedDiskSpace, Cache and (in Redis mode) RedisPersistence checks (200, or 500 when one fails), and which mode runs (`mode`: redis or postgres-only)',
  })
  async report(@Res({ passthrough: true }) res: Response): Promise<HealthReport & RuntimeModeReport> {
    const report = await this.queries.execute<GetHealthReportQuery, HealthReport>(new GetHealthReportQuery());
    res.status(isHealthy(report) ? 200 : 500);
    return { ...report, ...this.mode };
  }

  @Get('live')
  @HttpCode(200)
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Liveness: the process answers. Checks no dependency.' })
  @ApiOkResponse({ description: 'OK' })
  live(): string {
    return 'OK';
  }

  @Get('ready')
  @ApiOperation({
    summary:
      'Readiness: PostgreSQL, the store (Redis or PostgreSQL) and every queue connection answer now (within 1 s) and the process is not shutting down (200, or 503)',
  })
  async ready(@Res({ passthrough: true }) res: Response) {
    if (this.shutdown.draining) {
      res.status(503);
      return { status: 'shutting_down' };
    }
    try {
      return await this.terminus.check([
        () => this.database.pingCheck('database', { timeout: 1_000 }),
        () => this.store.pingCheck(),
        () => this.queues.pingCheck('queues'),
      ]);
    } catch (error) {
      res.status(503);
      return (error as { getResponse?: () => unknown }).getResponse?.() ?? { status: 'error' };
    }
  }
}
