import { Module } from '@nestjs/common';
import { AiUsageBillingConsumer } from './consumers/ai-usage-billing.consumer';
import { OrderPlacedStatsConsumer } from './consumers/order-placed-stats.consumer';
import { ProfileEnhancedStatsConsumer } from './consumers/profile-enhanced-stats.consumer';
import { ReportingRepository } from './persistence/reporting.repository';
import { ReportingQueries } from './queries/reporting.queries';

/** Reads of the projections: any process. */
@Module({
  providers: [ReportingQueries, ReportingRepository],
  exports: [ReportingQueries],
})
export class ReportingModule {}

/** The consumers that feed the projections from domain events: worker processes. */
@Module({
  providers: [OrderPlacedStatsConsumer, ProfileEnhancedStatsConsumer, AiUsageBillingConsumer, ReportingRepository],
})
export class ReportingWorkerModule {}
