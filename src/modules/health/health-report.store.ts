import { Inject, Injectable, Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { REDIS } from '@infra/redis/redis.module';
import type { HealthReport } from './domain/health-report';

const REPORT_KEY = 'health:last-report';
const REPORT_TTL_SECONDS = 24 * 3600;

/** The last health report, in Redis where every API instance reads it. */
@Injectable()
export class HealthReportStore {
  private readonly logger = new Logger(HealthReportStore.name);

  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** Null with none stored yet, or the cache unreachable. */
  async load(): Promise<HealthReport | null> {
    const cached = await this.redis.get(REPORT_KEY).catch(() => null);
    return cached ? (JSON.parse(cached) as HealthReport) : null;
  }

  /** A store failure is itself visible in the Cache check. */
  async save(report: HealthReport): Promise<void> {
    await this.redis.set(REPORT_KEY, JSON.stringify(report), 'EX', REPORT_TTL_SECONDS).catch((error) => {
      this.logger.warn({ err: error }, 'Could not store the health report');
    });
  }
}
