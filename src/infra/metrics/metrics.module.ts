import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { MetricsService } from './metrics.service';
import { QueueCountsReader } from './queue-counts';
import { ScrapeMetrics } from './scrape-metrics';

/**
 * Prometheus metrics (decisions §11); the HTTP app installs them (`MetricsService.httpMiddlewares`).
 * Also the queue counts they report, for the admin architecture-health page.
 */
@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [MetricsService, ScrapeMetrics, QueueCountsReader],
  exports: [MetricsService, QueueCountsReader],
})
export class MetricsModule {}
