import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { AnalyticsIntakeService } from './analytics-intake.service';
import { ANALYTICS_QUEUE } from './analytics.constants';
import { AnalyticsController } from './analytics.controller';
import { AnalyticsBatchProcessor } from './jobs/analytics-batch.processor';

@Module({
  imports: [BullModule.registerQueue({ name: ANALYTICS_QUEUE })],
  controllers: [AnalyticsController],
  providers: [AnalyticsIntakeService],
})
export class AnalyticsModule {}

@Module({
  imports: [BullModule.registerQueue({ name: ANALYTICS_QUEUE })],
  providers: [AnalyticsBatchProcessor],
})
export class AnalyticsWorkerModule {}
