import { BullModule } from '@nestjs/bullmq';
import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { ConfigService } from '@nestjs/config';
import { Env } from '@config/env.validation';
import { redisOptionsFromUrl } from '@infra/redis/redis-connection';
import { QueueErrorListener } from './queue-error.listener';

/**
 * BullMQ's root connection. Queues are registered by the features that own them
 * (`BullModule.registerQueue`); their processors only exist in processes whose role runs workers.
 */
@Global()
@Module({
  imports: [
    DiscoveryModule,
    BullModule.forRootAsync({
      inject: [ConfigService],
      useFactory: (config: ConfigService<Env, true>) => ({
        connection: { ...redisOptionsFromUrl(config.get('REDIS_URL', { infer: true })), maxRetriesPerRequest: null },
        prefix: config.get('QUEUE_PREFIX', { infer: true }),
        defaultJobOptions: {
          attempts: 5,
          backoff: { type: 'exponential', delay: 1_000 },
          removeOnComplete: { age: 24 * 3600, count: 10_000 },
          removeOnFail: { age: 7 * 24 * 3600 },
        },
      }),
    }),
  ],
  providers: [QueueErrorListener],
  exports: [BullModule],
})
export class QueueModule {}
