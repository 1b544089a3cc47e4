import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { CacheCheck } from './checks/cache.check';
import { DatabaseCheck } from './checks/database.check';
import { RedisPersistenceCheck } from './checks/redis-persistence.check';
import { UsedDiskSpaceCheck } from './checks/used-disk-space.check';
import { HealthChecksService } from './health-checks.service';
import { HealthReportStore } from './health-report.store';
import { HealthController } from './health.controller';
import { HealthRefreshProcessor, HEALTH_QUEUE } from './jobs/health-refresh.processor';
import { HealthRefreshScheduler } from './jobs/health-refresh.scheduler';
import { DatabaseProbeRepository } from './persistence/database-probe.repository';
import { CheckReadinessHandler } from './queries/check-readiness/check-readiness.handler';
import { GetHealthReportHandler } from './queries/get-health-report/get-health-report.handler';
import { QueueHealthIndicator } from './queue.health-indicator';
import { StoreHealthIndicator } from './store.health-indicator';
import { WorkerHeartbeat } from './worker-heartbeat';

@Module({
  imports: [TerminusModule.forRoot({ logger: false })],
  controllers: [HealthController],
  providers: [
    HealthChecksService,
    HealthReportStore,
    GetHealthReportHandler,
    CheckReadinessHandler,
    DatabaseProbeRepository,
    DatabaseCheck,
    UsedDiskSpaceCheck,
    CacheCheck,
    RedisPersistenceCheck,
    StoreHealthIndicator,
    QueueHealthIndicator,
  ],
  exports: [HealthChecksService],
})
export class HealthModule {}

@Module({
  imports: [HealthModule, BullModule.registerQueue({ name: HEALTH_QUEUE })],
  providers: [HealthRefreshProcessor, HealthRefreshScheduler, WorkerHeartbeat],
})
export class HealthWorkerModule {}
