import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { DiscoveryService } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import type { Pool } from 'pg';
import { Gauge, Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { Env } from '@config/env.validation';
import { MESSAGES_QUEUE } from '@infra/messaging/messages';
import { OUTBOX_QUEUE } from '@infra/outbox/outbox.constants';
import { OutboxService } from '@infra/outbox/outbox.service';
import { REDIS } from '@infra/redis/redis.module';
import { BoundedRead } from './bounded-read';

/** How long a scrape waits for Redis and for PostgreSQL (in parallel) before reporting without them. */
const SOURCE_TIMEOUT_MS = 1_000;

/**
 * Queues every process reports, whether or not it registers them: an `api` process registers only
 * the queues it produces to, but the outbox queue (whose failed jobs are failed events) matters
 * wherever metrics are scraped.
 */
const ALWAYS_REPORTED_QUEUES = [OUTBOX_QUEUE, MESSAGES_QUEUE];

interface QueueCounts {
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
}

/**
 * What is read from the dependencies when Prometheus scrapes, not on the request path: queue depth
 * and failed jobs per BullMQ queue (Redis), the outbox backlog (PostgreSQL), and the use of the
 * PostgreSQL pool (in memory). Each read is bounded (`BoundedRead`); a source that could not be read
 * is reported as `storefront_scrape_source_up{source} 0` and its series are left out, never stale.
 */
@Injectable()
export class ScrapeMetrics implements OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  private readonly queues = new Map<string, Queue>();
  private readonly queueRead = new BoundedRead(() => this.readQueues(), SOURCE_TIMEOUT_MS);
  private readonly outboxRead = new BoundedRead(() => this.outbox.pendingBacklog(), SOURCE_TIMEOUT_MS);
  private gauges: ReturnType<typeof createGauges> | undefined;

  constructor(
    private readonly discovery: DiscoveryService,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly config: ConfigService<Env, true>,
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

    gauges.outboxPending.reset();
    gauges.outboxOldest.reset();
    gauges.sourceUp.set({ source: 'outbox' }, backlog ? 1 : 0);
    if (backlog) {
      gauges.outboxPending.set(backlog.pending);
      gauges.outboxOldest.set(backlog.oldestPendingSeconds);
    }

    const pool = (this.dataSource.driver as PostgresDriver).master as (Pool & { options: { max?: number } }) | undefined;
    if (pool) {
      gauges.poolConnections.set({ state: 'total' }, pool.totalCount);
      gauges.poolConnections.set({ state: 'idle' }, pool.idleCount);
      gauges.poolWaiting.set(pool.waitingCount);
      gauges.poolMax.set(pool.options.max ?? 10);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    // The queues share the app's Redis connection: closing them leaves it to its owner.
    await Promise.all([...this.queues.values()].map((queue) => queue.close().catch(() => undefined)));
  }

  private async readQueues(): Promise<Map<string, QueueCounts>> {
    const read = await Promise.all(
      this.queuesToReport().map(async (queue) => {
        const counts = await queue.getJobCounts('waiting', 'paused', 'prioritized', 'active', 'delayed', 'failed');
        const waiting = (counts.waiting ?? 0) + (counts.paused ?? 0) + (counts.prioritized ?? 0);
        return [queue.name, { waiting, active: counts.active ?? 0, delayed: counts.delayed ?? 0, failed: counts.failed ?? 0 }] as const;
      }),
    );
    return new Map(read);
  }

  /**
   * The process's own BullMQ queues (found among the providers, whichever feature registered them)
   * and the always-reported ones, each read through a Queue object of ours on the app's fail-fast
   * Redis connection: the registered queues' own connections wait forever for Redis.
   */
  private queuesToReport(): Queue[] {
    const names = new Set(ALWAYS_REPORTED_QUEUES);
    for (const { instance } of this.discovery.getProviders()) if (instance instanceof Queue) names.add(instance.name);
    for (const name of names) {
      if (this.queues.has(name)) continue;
      const queue = new Queue(name, { connection: this.redis, prefix: this.config.get('QUEUE_PREFIX', { infer: true }) });
      queue.on('error', (error) => this.logger.debug({ err: error, queue: name }, 'Queue metrics: Redis error'));
      this.queues.set(name, queue);
    }
    return [...this.queues.values()];
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
    outboxPending: new Gauge({
      name: 'storefront_outbox_pending_events',
      help: 'Outbox events recorded but not handed to the queue yet',
      registers,
    }),
    outboxOldest: new Gauge({
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
    poolWaiting: new Gauge({
      name: 'storefront_db_pool_waiting_requests',
      help: 'Queries of this process waiting for a free PostgreSQL connection',
      registers,
    }),
    poolMax: new Gauge({
      name: 'storefront_db_pool_max_connections',
      help: 'Size limit of the PostgreSQL pool (DATABASE_POOL_SIZE)',
      registers,
    }),
  };
}
