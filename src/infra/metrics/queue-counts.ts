import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { DiscoveryService } from '@nestjs/core';
import { createPostgresBackend, Queue } from 'bullmq';
import { Pool } from 'pg';
import { Env } from '@config/env.schema';
import { MESSAGES_QUEUE } from '@infra/messaging/messages';
import { OUTBOX_QUEUE } from '@infra/outbox/outbox.constants';
import { QUEUE_SCHEMA } from '@infra/queue/queue-backend';
import { REDIS, type RedisConnection } from '@infra/redis/redis.module';

/**
 * Queues every process reports, whether or not it registers them: an `api` process registers only
 * the queues it produces to, but the outbox queue (whose failed jobs are failed events) matters
 * wherever metrics are scraped or the admin page is read.
 */
const ALWAYS_REPORTED_QUEUES = [OUTBOX_QUEUE, MESSAGES_QUEUE];

export interface QueueCounts {
  /** Includes prioritized and paused jobs. */
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
}

/** Jobs per state of each BullMQ queue this process knows: for /metrics and the admin architecture-health page. */
@Injectable()
export class QueueCountsReader implements OnApplicationShutdown {
  private readonly logger = new Logger('QueueCounts');
  private readonly queues = new Map<string, Queue>();
  /** With queues on PostgreSQL: one small pool for all the counts, in BullMQ's schema. */
  private postgres: Pool | null = null;

  constructor(
    private readonly discovery: DiscoveryService,
    @Inject(REDIS) private readonly redis: RedisConnection,
    private readonly config: ConfigService<Env, true>,
  ) {}

  /** Counts by queue name, in name order. Fails (or waits) with Redis: callers bound the wait. */
  async read(): Promise<Map<string, QueueCounts>> {
    const read = await Promise.all(
      this.queuesToReport().map(async (queue) => {
        // A paused queue's jobs count as waiting: BullMQ 6 keeps them in its wait list.
        const counts = await queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed');
        const waiting = (counts.waiting ?? 0) + (counts.prioritized ?? 0);
        return [queue.name, { waiting, active: counts.active ?? 0, delayed: counts.delayed ?? 0, failed: counts.failed ?? 0 }] as const;
      }),
    );
    return new Map([...read].sort(([a], [b]) => a.localeCompare(b)));
  }

  async onApplicationShutdown(): Promise<void> {
    // On Redis the queues share the app's connection: closing them leaves it to its owner.
    await Promise.all([...this.queues.values()].map((queue) => queue.close().catch(() => undefined)));
    await this.postgres?.end().catch(() => undefined);
  }

  /**
   * The process's own BullMQ queues (found among the providers, whichever feature registered them)
   * and the always-reported ones, each read through a Queue object of ours on the app's fail-fast
   * Redis connection (the registered queues' own connections wait forever for Redis), or with
   * queues on PostgreSQL on one small pool of ours.
   */
  private queuesToReport(): Queue[] {
    const names = new Set(ALWAYS_REPORTED_QUEUES);
    for (const { instance } of this.discovery.getProviders()) if (instance instanceof Queue) names.add(instance.name);
    for (const name of names) {
      if (this.queues.has(name)) continue;
      const queue = this.countingQueue(name);
      queue.on('error', (error) => this.logger.debug({ err: error, queue: name }, 'Queue counts: queue error'));
      this.queues.set(name, queue);
    }
    return [...this.queues.values()];
  }

  private countingQueue(name: string): Queue {
    const prefix = this.config.get('QUEUE_PREFIX', { infer: true });
    if (this.config.get('QUEUE_BACKEND', { infer: true }) !== 'postgres') {
      // QUEUE_BACKEND=redis is refused at start-up without REDIS_URL, so the connection is there.
      if (!this.redis) throw new Error('QUEUE_BACKEND=redis needs REDIS_URL');
      return new Queue(name, { connection: this.redis, prefix });
    }
    this.postgres ??= new Pool({
      connectionString: this.config.get('DATABASE_URL', { infer: true }),
      max: 2,
      connectionTimeoutMillis: this.config.get('DATABASE_CONNECT_TIMEOUT_MS', { infer: true }),
      // BullMQ leaves the search path of a pool it is handed to its owner.
      options: `-c search_path=${QUEUE_SCHEMA}`,
    });
    if (!this.postgres.listenerCount('error')) {
      this.postgres.on('error', (error) => this.logger.debug({ err: error }, 'Queue counts: PostgreSQL error'));
      // Each counting queue's backend listens for the pool's errors too: a dozen queues, not a leak.
      this.postgres.setMaxListeners(0);
    }
    return new Queue(name, { connection: this.postgres, prefix }, createPostgresBackend) as unknown as Queue;
  }
}
