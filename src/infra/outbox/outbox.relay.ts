import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { isDependencyUnavailable, withinDeadline } from '@common/errors/dependency-unavailable';
import { Env } from '@config/env.schema';
import { inTransaction } from '@infra/database/transaction';
import { OUTBOX_QUEUE, OutboxJobData, outboxJobId } from './outbox.constants';

const BATCH_SIZE = 200;
const MAX_BACKOFF_SECONDS = 300;
// The claimed rows stay locked while the jobs are added: a Redis outage must not hold them for its duration.
const ENQUEUE_DEADLINE_MS = 5_000;

/**
 * Moves committed outbox rows onto the BullMQ queue. Rows are claimed with FOR UPDATE SKIP LOCKED
 * so any number of worker processes can relay at once without handing a row out twice; the job id
 * is derived from the row id, so a relay that dies after enqueueing but before marking the row
 * re-enqueues a job BullMQ already has, which it ignores.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = true;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectQueue(OUTBOX_QUEUE) private readonly queue: Queue<OutboxJobData>,
    private readonly config: ConfigService<Env, true>,
  ) {}

  onApplicationBootstrap(): void {
    this.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop();
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops polling and waits for a relay pass in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One pass: claims up to a batch of due rows and enqueues them. Returns how many it moved. */
  async relayOnce(): Promise<number> {
    let ids: string[] = [];
    try {
      return await inTransaction(this.dataSource, async (manager) => {
        const rows: Array<{ id: string; event_type: string }> = await manager.query(
          `SELECT id, event_type FROM outbox_events
            WHERE status = 'pending' AND available_at <= now()
            ORDER BY id
            LIMIT $1
            FOR UPDATE SKIP LOCKED`,
          [BATCH_SIZE],
        );
        if (rows.length === 0) return 0;
        ids = rows.map((row) => String(row.id));
        await withinDeadline(
          this.queue.addBulk(
            rows.map((row) => ({
              name: row.event_type,
              data: { outboxId: String(row.id) },
              opts: { jobId: outboxJobId(String(row.id)), attempts: 8, backoff: { type: 'exponential', delay: 1_000 } },
            })),
          ),
          ENQUEUE_DEADLINE_MS,
          'redis',
        );
        await manager.query(
          `UPDATE outbox_events SET status = 'dispatched', dispatched_at = now(), attempts = attempts + 1
            WHERE id = ANY($1::bigint[])`,
          [ids],
        );
        return rows.length;
      });
    } catch (error) {
      // Redis was unreachable (or the commit failed): the rows stay pending and are retried later.
      if (ids.length > 0) await this.postpone(ids, error);
      throw error;
    }
  }

  /** Relays until nothing is due: used by tests and the CLI. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const moved = await this.relayOnce();
      total += moved;
      if (moved === 0) return total;
    }
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.relayOnce()
        .then((moved) => this.schedule(moved === BATCH_SIZE ? 0 : this.config.get('OUTBOX_POLL_INTERVAL_MS', { infer: true })))
        .catch((error) => {
          // An outage is logged once by the connection that lost it, not on every pass.
          if (isDependencyUnavailable(error)) this.logger.debug({ err: error }, 'Outbox relay pass failed; retrying');
          else this.logger.warn({ err: error }, 'Outbox relay pass failed; retrying');
          this.schedule(this.config.get('OUTBOX_POLL_INTERVAL_MS', { infer: true }) * 4);
        });
    }, delayMs);
  }

  private async postpone(ids: string[], error: unknown): Promise<void> {
    await this.dataSource
      .query(
        `UPDATE outbox_events
            SET attempts = attempts + 1,
                available_at = now() + least(power(2, attempts), $2) * interval '1 second',
                last_error = $3
          WHERE id = ANY($1::bigint[]) AND status = 'pending'`,
        [ids, MAX_BACKOFF_SECONDS, String((error as Error)?.message ?? error).slice(0, 2000)],
      )
      .catch(() => undefined);
  }
}
