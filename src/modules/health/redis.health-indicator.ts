import { Inject, Injectable } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import Redis from 'ioredis';
import { REDIS } from '@infra/redis/redis.module';
import { withTimeout } from './checks/with-timeout';

@Injectable()
export class RedisHealthIndicator {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly indicators: HealthIndicatorService,
  ) {}

  async pingCheck(key: string, timeoutMs = 1_000) {
    const indicator = this.indicators.check(key);
    try {
      await withTimeout(this.redis.ping(), timeoutMs, 'redis ping');
      return indicator.up();
    } catch {
      return indicator.down({ message: 'Redis did not answer' });
    }
  }
}
