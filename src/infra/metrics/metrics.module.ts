import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { MetricsService } from './metrics.service';
import { ScrapeMetrics } from './scrape-metrics';

/** Prometheus metrics (decisions §11); the HTTP app installs them (`MetricsService.httpMiddlewares`). */
@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [MetricsService, ScrapeMetrics],
  exports: [MetricsService],
})
export class MetricsModule {}
