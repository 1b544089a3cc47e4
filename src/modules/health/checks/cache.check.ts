import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { KeyValueStore } from '@infra/store/key-value-store';
import { HealthCheck } from '../domain/health-report';
import { withTimeout } from './with-timeout';

const STORE_NAMES = { redis: 'Redis', postgres: 'PostgreSQL' } as const;

/** Passes when a value written to the store in use (Redis or PostgreSQL) reads back the same. */
@Injectable()
export class CacheCheck implements HealthCheck {
  readonly name = 'Cache';

  constructor(private readonly store: KeyValueStore) {}

  async run() {
    const backend = STORE_NAMES[this.store.mode];
    const meta = { store: this.store.mode };
    const key = `health:cache-check:${randomUUID()}`;
    const value = randomUUID();
    const got = await withTimeout(this.writeAndRead(key, value), 3_000, 'cache write/read');
    if (got !== value) {
      return {
        status: 'failed' as const,
        notificationMessage: `The cache (${backend}) did not return the value just written.`,
        shortSummary: 'Failed',
        meta,
      };
    }
    return { status: 'ok' as const, notificationMessage: `The cache runs on ${backend}.`, shortSummary: 'Ok', meta };
  }

  private async writeAndRead(key: string, value: string): Promise<string | null> {
    await this.store.set(key, value, 10_000);
    try {
      return await this.store.get(key);
    } finally {
      await this.store.delete(key);
    }
  }
}
