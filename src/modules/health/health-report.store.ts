import { Injectable, Logger } from '@nestjs/common';
import { KeyValueStore } from '@infra/store/key-value-store';
import type { HealthReport } from './domain/health-report';

const REPORT_KEY = 'health:last-report';
const REPORT_TTL_MS = 24 * 3600 * 1000;

/** The last health report, in the store where every API instance reads it. */
@Injectable()
export class HealthReportStore {
  private readonly logger = new Logger(HealthReportStore.name);

  constructor(private readonly store: KeyValueStore) {}

  /** Null with none stored yet, or the cache unreachable. */
  async load(): Promise<HealthReport | null> {
    const cached = await this.store.get(REPORT_KEY).catch(() => null);
    return cached ? (JSON.parse(cached) as HealthReport) : null;
  }

  /** A store failure is itself visible in the Cache check. */
  async save(report: HealthReport): Promise<void> {
    await this.store.set(REPORT_KEY, JSON.stringify(report), REPORT_TTL_MS).catch((error) => {
      this.logger.warn({ err: error }, 'Could not store the health report');
    });
  }
}
