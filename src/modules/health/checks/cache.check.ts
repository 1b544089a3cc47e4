import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { REDIS } from '@infra/redis/redis.module';
import { HealthCheck } from '../domain/health-report';
import { withTimeout } from './with-timeout';

/** Passes when a value written to the cache reads back the same. */
@Injectable()
export class CacheCheck implements HealthCheck {
  readonly name = 'Cache';

  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async run() {
    const key = `health:cache-check:${randomUUID()}`;
    const value = randomUUID();
    const readBack = await withTimeout(this.redis.multi().set(key, value, 'EX', 10).get(key).del(key).exec(), 3_000, 'cache write/read');
    const got = readBack?.[1]?.[1];
    if (got !== value) {
      return {
        status: 'failed' as const,
        notificationMessage: 'The cache did not return the value just written.',
        shortSummary: 'Failed',
        meta: {},
      };
    }
    return { status: 'ok' as const, notificationMessage: '', shortSummary: 'Ok', meta: {} };
  }
}
