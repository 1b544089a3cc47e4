import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Pool } from 'pg';
import { Gauge, MetricObjectWithValues, MetricValue, Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { OutboxService } from '@infra/outbox/outbox.service';
import { BoundedRead } from './bounded-read';
import { QueueCountsReader } from './queue-counts';

/** How long a scrape waits for Redis and for PostgreSQL (in parallel) before reporting without them. */
const SOURCE_TIMEOUT_MS = 1_000;

/**
 * What is read from the dependencies when Prometheus scrapes, not on the request path: queue depth
 * and failed jobs per BullMQ queue (Redis), the outbox backlog (PostgreSQL), and the use of the
 * PostgreSQL pool (in memory). Each read is bounded (`BoundedRead`); a source that could not be read
 * is reported as `storefront_scrape_source_up{source} 0` and its series are left out, never stale
 * and never 0.
 */
@Injectable()
export class ScrapeMetrics {
  private readonly queueRead = new BoundedRead(() => this.queueCounts.read(), SOURCE_TIMEOUT_MS);
  private readonly outboxRead = new BoundedRead(() => this.outbox.pendingBacklog(), SOURCE_TIMEOUT_MS);
  private gauges: ReturnType<typeof createGauges> | undefined;

  constructor(
    private readonly queueCounts: QueueCountsReader,
    private readonly outbox: OutboxService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  register(registry: Registry): void {
    this.gauges = createGauges(registry);
  }

  async collect(): Promise<void> {
    const gauges = this.gauges;
    if (!gauges) return;
    const [queues, backlog] = await Promise.all([this.queueRead.value(), this.outboxRead.value()]);

    gauges.queueJobs.reset();
    gauges.queueFailed.reset();
    gauges.sourceUp.set({ source: 'queues' }, queues ? 1 : 0);
    for (const [queue, counts] of queues ?? []) {
      gauges.queueJobs.set({ queue, state: 'waiting' }, counts.waiting);
      gauges.queueJobs.set({ queue, state: 'active' }, counts.active);
      gauges.queueJobs.set({ queue, state: 'delayed' }, counts.delayed);
      gauges.queueFailed.set({ queue }, counts.failed);
    }

    gauges.sourceUp.set({ source: 'outbox' }, backlog ? 1 : 0);
    gauges.outboxPending.record(backlog?.pending);
    gauges.outboxOldest.record(backlog?.oldestPendingSeconds);

    // The pool's figures are in this process's memory: read even while PostgreSQL is down (0 open
    // connections is then the truth). Without a pool (not created yet) there is nothing to report.
    const pool = (this.dataSource.driver as PostgresDriver).master as (Pool & { options: { max?: number } }) | undefined;
    gauges.poolConnections.reset();
    if (pool) {
      gauges.poolConnections.set({ state: 'total' }, pool.totalCount);
      gauges.poolConnections.set({ state: 'idle' }, pool.idleCount);
    }
    gauges.poolWaiting.record(pool?.waitingCount);
    gauges.poolMax.record(pool ? (pool.options.max ?? 10) : undefined);
  }
}

/**
 * An unlabelled gauge whose sample is left out while its source could not be read. prom-client
 * gives an unlabelled gauge the value 0 from its creation, and `reset()` sets it back to 0, so an
 * unreadable outbox would read as a healthy "nothing pending" and silence an alert on its age
 * (decisions §15: absent, never 0). A labelled gauge needs none of this: its `reset()` removes
 * every series.
 */
class ReadingGauge extends Gauge {
  private read = false;

  /** The value read, or undefined when the source could not be read. */
  record(value: number | undefined): void {
    this.read = value !== undefined;
    if (value === undefined) this.reset();
    else this.set(value);
  }

  override async get(): Promise<MetricObjectWithValues<MetricValue<string>>> {
    const metric = await super.get();
    return this.read ? metric : { ...metric, values: [] };
  }
}

function createGauges(registry: Registry) {
  const registers = [registry];
  return {
    sourceUp: new Gauge({
      name: 'storefront_scrape_source_up',
      help: 'Whether this scrape could read the source (queues: Redis; outbox: PostgreSQL) within 1 s',
      labelNames: ['source'] as const,
      registers,
    }),
    queueJobs: new Gauge({
      name: 'storefront_queue_jobs',
      help: 'Jobs of a BullMQ queue by state (waiting includes prioritized and paused jobs)',
      labelNames: ['queue', 'state'] as const,
      registers,
    }),
    queueFailed: new Gauge({
      name: 'storefront_queue_failed_jobs',
      help: 'Jobs of a BullMQ queue that failed for good (kept 7 days)',
      labelNames: ['queue'] as const,
      registers,
    }),
    outboxPending: new ReadingGauge({
      name: 'storefront_outbox_pending_events',
      help: 'Outbox events recorded but not handed to the queue yet',
      registers,
    }),
    outboxOldest: new ReadingGauge({
      name: 'storefront_outbox_oldest_pending_age_seconds',
      help: 'Age of the oldest pending outbox event (0 with none)',
      registers,
    }),
    poolConnections: new Gauge({
      name: 'storefront_db_pool_connections',
      help: "Connections of this process's PostgreSQL pool: total open, and idle among them",
      labelNames: ['state'] as const,
      registers,
    }),
    poolWaiting: new ReadingGauge({
      name: 'storefront_db_pool_waiting_requests',
      help: 'Queries of this process waiting for a free PostgreSQL connection',
      registers,
    }),
    poolMax: new ReadingGauge({
      name: 'storefront_db_pool_max_connections',
      help: 'Size limit of the PostgreSQL pool (DATABASE_POOL_SIZE)',
      registers,
    }),
  };
}
