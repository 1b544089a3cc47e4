import { Inject, Injectable, Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { REDIS } from '@infra/redis/redis.module';
import { CacheCheck } from './checks/cache.check';
import { DatabaseCheck } from './checks/database.check';
import { UsedDiskSpaceCheck } from './checks/used-disk-space.check';
import { CheckResult, HealthCheck, HealthReport } from './health-report';

const REPORT_KEY = 'health:last-report';
const REPORT_TTL_SECONDS = 24 * 3600;

/**
 * Runs the checks of spec 4.8 and keeps the last report in Redis, where every API instance reads
 * it: GET /health serves the cached report; `health:check` and the worker's minute job refresh it.
 */
@Injectable()
export class HealthChecksService {
  private readonly logger = new Logger(HealthChecksService.name);
  private readonly checks: HealthCheck[];

  constructor(
    database: DatabaseCheck,
    disk: UsedDiskSpaceCheck,
    cache: CacheCheck,
    @Inject(REDIS) private readonly redis: Redis,
  ) {
    this.checks = [database, disk, cache];
  }

  async runAll(): Promise<HealthReport> {
    const checkResults = await Promise.all(this.checks.map((check) => this.runOne(check)));
    return { finishedAt: new Date().toISOString(), checkResults };
  }

  /** Runs the checks and stores the report. A store failure is itself visible in the Cache check. */
  async refresh(): Promise<HealthReport> {
    const report = await this.runAll();
    await this.redis.set(REPORT_KEY, JSON.stringify(report), 'EX', REPORT_TTL_SECONDS).catch((error) => {
      this.logger.warn({ err: error }, 'Could not store the health report');
    });
    return report;
  }

  /** The cached report; with none yet (or the cache unreachable), the checks run now. */
  async latest(): Promise<HealthReport> {
    const cached = await this.redis.get(REPORT_KEY).catch(() => null);
    if (cached) return JSON.parse(cached) as HealthReport;
    return this.refresh();
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
