import { Global, Inject, Injectable, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Env } from '@config/env.schema';
import { REDIS, type RedisConnection } from '@infra/redis/redis.module';
import { KeyValueStore } from './key-value-store';
import { PostgresKeyValueStore } from './postgres-key-value-store';
import { RedisKeyValueStore } from './redis-key-value-store';

/** The PostgreSQL store removes its expired rows while the process runs. */
@Injectable()
class StoreCleanup implements OnModuleInit, OnApplicationShutdown {
  constructor(@Inject(KeyValueStore) private readonly store: KeyValueStore) {}

  onModuleInit(): void {
    if (this.store instanceof PostgresKeyValueStore) this.store.startCleanup();
  }

  onApplicationShutdown(): void {
    if (this.store instanceof PostgresKeyValueStore) this.store.stopCleanup();
  }
}

/** `KeyValueStore` for every module: Redis or PostgreSQL as STORE_BACKEND says (decisions §14). */
@Global()
@Module({
  providers: [
    {
      provide: KeyValueStore,
      // No Redis connection in PostgreSQL-only mode (and none asked for with STORE_BACKEND=postgres).
      inject: [ConfigService, getDataSourceToken(), REDIS],
      useFactory: (config: ConfigService<Env, true>, dataSource: DataSource, redis: RedisConnection): KeyValueStore => {
        if (config.get('STORE_BACKEND', { infer: true }) === 'postgres') return new PostgresKeyValueStore(dataSource);
        if (!redis) throw new Error('STORE_BACKEND=redis needs a Redis connection (REDIS_URL)');
        return new RedisKeyValueStore(redis);
      },
    },
    StoreCleanup,
  ],
  exports: [KeyValueStore],
})
export class StoreModule {}
