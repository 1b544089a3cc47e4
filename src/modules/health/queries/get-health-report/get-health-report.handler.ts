import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { HealthReport } from '@modules/health/domain/health-report';
import { HealthChecksService } from '@modules/health/health-checks.service';
import { HealthReportStore } from '@modules/health/health-report.store';
import { GetHealthReportQuery } from './get-health-report.query';

/** With no report stored yet (or the cache unreachable), the checks run now. */
@QueryHandler(GetHealthReportQuery)
export class GetHealthReportHandler implements IQueryHandler<GetHealthReportQuery, HealthReport> {
  constructor(
    private readonly store: HealthReportStore,
    private readonly checks: HealthChecksService,
  ) {}

  async execute(): Promise<HealthReport> {
    return (await this.store.load()) ?? this.checks.refresh();
  }
}
