import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { CacheCheck } from './checks/cache.check';
import { DatabaseCheck } from './checks/database.check';
import { UsedDiskSpaceCheck } from './checks/used-disk-space.check';
import { HealthChecksService } from './health-checks.service';
import { HealthController } from './health.controller';
import { HealthRefreshProcessor, HealthRefreshScheduler, HEALTH_QUEUE } from './jobs/health-refresh.processor';
import { RedisHealthIndicator } from './redis.health-indicator';

@Module({
  imports: [TerminusModule.forRoot({ logger: false })],
  controllers: [HealthController],
  providers: [HealthChecksService, DatabaseCheck, UsedDiskSpaceCheck, CacheCheck, RedisHealthIndicator],
  exports: [HealthChecksService],
})
export class HealthModule {}

@Module({
  imports: [HealthModule, BullModule.registerQueue({ name: HEALTH_QUEUE })],
  providers: [HealthRefreshProcessor, HealthRefreshScheduler],
})
export class HealthWorkerModule {}
