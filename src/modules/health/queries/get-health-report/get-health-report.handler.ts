import { ConfigService } from '@nestjs/config';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Env } from '@config/env.schema';
import { runtimeMode } from '@config/env.parsers';
import type { HealthReport, RuntimeModeReport } from '@modules/health/domain/health-report';
import { HealthChecksService } from '@modules/health/health-checks.service';
import { HealthReportStore } from '@modules/health/health-report.store';
import { GetHealthReportQuery } from './get-health-report.query';

/** With no report stored yet (or the cache unreachable), the checks run now. */
@QueryHandler(GetHealthReportQuery)
export class GetHealthReportHandler implements IQueryHandler<GetHealthReportQuery, HealthReport & RuntimeModeReport> {
  private readonly mode: RuntimeModeReport;

  constructor(
    private readonly store: HealthReportStore,
    private readonly checks: HealthChecksService,
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

  async execute(): Promise<HealthReport & RuntimeModeReport> {
    const report = (await this.store.load()) ?? (await this.checks.refresh());
    return { ...report, ...this.mode };
  }
}
