import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import Redis from 'ioredis';
import { Env } from '@config/env.validation';
import { createRedisConnection } from './redis-connection';

export const REDIS = Symbol('REDIS');

@Injectable()
class RedisShutdown implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/** The shared command connection: cache, rate-limit counters, idempotency records, locks. */
@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [ConfigService],
      useFactory: (config: ConfigService<Env, true>) => createRedisConnection(config.get('REDIS_URL', { infer: true })),
    },
    RedisShutdown,
  ],
  exports: [REDIS],
})
export class RedisModule {}
