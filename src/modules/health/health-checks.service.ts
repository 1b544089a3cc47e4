import { Injectable, Logger } from '@nestjs/common';
import { CacheCheck } from './checks/cache.check';
import { DatabaseCheck } from './checks/database.check';
import { RedisPersistenceCheck } from './checks/redis-persistence.check';
import { UsedDiskSpaceCheck } from './checks/used-disk-space.check';
import { CheckResult, HealthCheck, HealthReport } from './domain/health-report';
import { HealthReportStore } from './health-report.store';

/**
 * Runs the checks of spec 4.8 (RedisPersistence in Redis mode only) and stores the report: GET /health serves the stored report;
 * `health:check` and the worker's minute job refresh it.
 */
@Injectable()
export class HealthChecksService {
  private readonly logger = new Logger(HealthChecksService.name);
  private readonly checks: HealthCheck[];

  constructor(
    database: DatabaseCheck,
    disk: UsedDiskSpaceCheck,
    cache: CacheCheck,
    persistence: RedisPersistenceCheck,
    private readonly store: HealthReportStore,
  ) {
    this.checks = [database, disk, cache, ...(persistence.applies ? [persistence] : [])];
  }

  /** Runs the checks now and stores the report. */
  async refresh(): Promise<HealthReport> {
    const checkResults = await Promise.all(this.checks.map((check) => this.runOne(check)));
    const report = { finishedAt: new Date().toISOString(), checkResults };
    await this.store.save(report);
    return report;
  }

  private async runOne(check: HealthCheck): Promise<CheckResult> {
    try {
      const result = await check.run();
      return { name: check.name, label: check.name, ...result };
    } catch (error) {
      // The detail goes to the log only: /health is public.
      this.logger.warn({ err: error, check: check.name }, 'Health check crashed');
      return {
        name: check.name,
        label: check.name,
        status: 'crashed',
        notificationMessage: `The ${check.name} check could not complete.`,
        shortSummary: 'Crashed',
        meta: {},
      };
    }
  }
}
