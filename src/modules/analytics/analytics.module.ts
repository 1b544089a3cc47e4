import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { CatalogModule } from '@modules/catalog';
import { AnalyticsController } from './analytics.controller';
import { RecordConversionHandler } from './commands/record-conversion/record-conversion.handler';
import { RecordInteractionHandler } from './commands/record-interaction/record-interaction.handler';
import { TrackEventBatcher } from './commands/track-event/track-event.batcher';
import { TrackEventHandler } from './commands/track-event/track-event.handler';
import { AnalyticsBatchProcessor } from './jobs/analytics-batch.processor';
import { ANALYTICS_QUEUE } from './jobs/analytics.queue';
import { KnownProductsCache } from './known-products.cache';
import { AnalyticsRepository } from './persistence/analytics.repository';

@Module({
  imports: [BullModule.registerQueue({ name: ANALYTICS_QUEUE }), CatalogModule],
  controllers: [AnalyticsController],
  providers: [
    TrackEventHandler,
    TrackEventBatcher,
    RecordConversionHandler,
    RecordInteractionHandler,
    KnownProductsCache,
    AnalyticsRepository,
  ],
})
export class AnalyticsModule {}

@Module({
  imports: [BullModule.registerQueue({ name: ANALYTICS_QUEUE })],
  providers: [AnalyticsBatchProcessor, AnalyticsRepository],
})
export class AnalyticsWorkerModule {}
