import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ThrottlerModule } from '@nestjs/throttler';
import { Env } from '@config/env.schema';
import { parseRate } from '@config/env.parsers';
import { KeyValueStore } from '@infra/store/key-value-store';
import { RATE_LIMIT_GROUPS, RateLimitGroup } from './rate-limit-groups';
import { RateLimitGuard } from './rate-limit.guard';
import { StoreThrottlerStorage } from './store-throttler.storage';

@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [ConfigService, KeyValueStore],
      useFactory: (config: ConfigService<Env, true>, store: KeyValueStore) => ({
        storage: new StoreThrottlerStorage(store),
        throttlers: (Object.keys(RATE_LIMIT_GROUPS) as RateLimitGroup[]).map((name) => {
          const { env, windowSeconds } = RATE_LIMIT_GROUPS[name];
          const value = String(config.get(env, { infer: true }));
          const { limit, seconds } = windowSeconds ? { limit: Number(value), seconds: windowSeconds } : parseRate(value);
          return { name, limit, ttl: seconds * 1000 };
        }),
      }),
    }),
  ],
  providers: [RateLimitGuard],
  exports: [RateLimitGuard, ThrottlerModule],
})
export class RateLimitModule {}
