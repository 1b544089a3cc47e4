import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ThrottlerModule } from '@nestjs/throttler';
import Redis from 'ioredis';
import { Env, parseRate } from '@config/env.validation';
import { REDIS } from '@infra/redis/redis.module';
import { RATE_LIMIT_GROUPS, RateLimitGroup } from './rate-limit-groups';
import { RateLimitGuard } from './rate-limit.guard';
import { RedisThrottlerStorage } from './redis-throttler.storage';

@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [ConfigService, REDIS],
      useFactory: (config: ConfigService<Env, true>, redis: Redis) => ({
        storage: new RedisThrottlerStorage(redis),
        throttlers: (Object.keys(RATE_LIMIT_GROUPS) as RateLimitGroup[]).map((name) => {
          const { limit, seconds } = parseRate(String(config.get(RATE_LIMIT_GROUPS[name].env, { infer: true })));
          return { name, limit, ttl: seconds * 1000 };
        }),
      }),
    }),
  ],
  providers: [RateLimitGuard],
  exports: [RateLimitGuard, ThrottlerModule],
})
export class RateLimitModule {}
