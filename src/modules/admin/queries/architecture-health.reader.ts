import { Injectable } from '@nestjs/common';
import { BoundedRead } from '@infra/metrics/bounded-read';
import { QueueCountsReader } from '@infra/metrics/queue-counts';
import { OutboxService } from '@infra/outbox/outbox.service';
import { ArchitectureHealth } from '../dto/architecture-health.resource';

/** Redis is asked for the queue counts for at most this long: the page still shows the events without them. */
const QUEUE_READ_TIMEOUT_MS = 1_000;

/**
 * Domain-event compliance (decisions §11): where every recorded event type stands in the outbox,
 * and the depth of every queue. The outbox counts come from PostgreSQL (a failure there is the
 * usual 503); the queue counts are bounded, so a hung Redis shows as `queues: null`.
 */
@Injectable()
export class ArchitectureHealthReader {
  private readonly queueRead = new BoundedRead(() => this.queueCounts.read(), QUEUE_READ_TIMEOUT_MS);

  constructor(
    private readonly outbox: OutboxService,
    private readonly queueCounts: QueueCountsReader,
  ) {}

  async read(): Promise<ArchitectureHealth> {
    const [events, queues] = await Promise.all([this.outbox.countsByType(), this.queueRead.value()]);
    return {
      generated_at: new Date().toISOString(),
      events: events.map((row) => ({
        type: row.eventType,
        recorded: row.recorded,
        dispatched: row.dispatched,
        processed: row.processed,
        pending: row.pending,
        failed: row.failed,
        oldest_pending_age_seconds: row.oldestPendingSeconds,
      })),
      queues: queues ? [...queues].map(([name, counts]) => ({ name, ...counts })) : null,
    };
  }
}
