import { BullModule } from '@nestjs/bullmq';
import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { ConfigService } from '@nestjs/config';
import { Env } from '@config/env.schema';
import { useQueueBackend } from './queue-backend';
import { QueueErrorListener } from './queue-error.listener';
import { QueueReadiness } from './queue-readiness';

/**
 * BullMQ's root connection, on Redis or on PostgreSQL (QUEUE_BACKEND). Queues are registered by the features that own them
 * (`BullModule.registerQueue`); their processors only exist in processes whose role runs workers.
 * Queues and workers reconnect at most a second apart (BullMQ's own default grows to 20 s), and
 * keep their offline queue: a worker's blocking read simply resumes. Producers on the request path
 * bound their wait with `enqueueOnRequestPath`.
 */
@Global()
@Module({
  imports: [
    DiscoveryModule,
    BullModule.forRootAsync({
      inject: [ConfigService],
      useFactory: (config: ConfigService<Env, true>) => ({
        connection: useQueueBackend(config),
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
  providers: [QueueErrorListener, QueueReadiness],
  exports: [BullModule, QueueReadiness],
})
export class QueueModule {}
