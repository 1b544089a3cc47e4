import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import Redis from 'ioredis';
import { Env } from '@config/env.schema';
import { createRedisConnection } from './redis-connection';

/**
 * The shared command connection, or `null` in PostgreSQL-only mode (REDIS_URL unset, decisions
 * §14): then no Redis connection is opened at all, and every consumer runs on PostgreSQL.
 */
export const REDIS = Symbol('REDIS');

/** What `REDIS` provides. */
export type RedisConnection = Redis | null;

@Injectable()
class RedisShutdown implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: RedisConnection) {}

  async onApplicationShutdown(): Promise<void> {
    const redis = this.redis;
    if (redis) await redis.quit().catch(() => redis.disconnect());
  }
}

/** The shared command connection: cache, rate-limit counters, idempotency records, locks (Redis mode only). */
@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [ConfigService],
      useFactory: (config: ConfigService<Env, true>): Promise<RedisConnection> | null => {
        const url = config.get('REDIS_URL', { infer: true });
        return url ? createRedisConnection(url) : null;
      },
    },
    RedisShutdown,
  ],
  exports: [REDIS],
})
export class RedisModule {}
