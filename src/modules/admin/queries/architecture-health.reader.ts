import { Injectable } from '@nestjs/common';
import { BoundedRead } from '@infra/metrics/bounded-read';
import { QueueCountsReader } from '@infra/metrics/queue-counts';
import { OutboxService } from '@infra/outbox/outbox.service';
import { isDomainEventType } from './domain-event-types';
import { ArchitectureHealth } from '../dto/architecture-health.resource';

/** Redis is asked for the queue counts for at most this long: the page still shows the events without them. */
const QUEUE_READ_TIMEOUT_MS = 1_000;

/**
 * Domain-event compliance (decisions §11): where every recorded event type stands in the outbox,
 * and the depth of every queue. The outbox counts come from PostgreSQL (a failure there is the
 * usual 503); the queue counts are bounded, so a hung Redis shows as `queues: null`. Only the domain
 * event types of this version are shown (the answer's `type` is an enum of them): a row of another
 * type (one a later version records, or a test's probe event) is left out.
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
      events: events.flatMap((row) =>
        isDomainEventType(row.eventType)
          ? [
              {
                type: row.eventType,
                recorded: row.recorded,
                dispatched: row.dispatched,
                processed: row.processed,
                pending: row.pending,
                failed: row.failed,
                oldest_pending_age_seconds: row.oldestPendingSeconds,
              },
            ]
          : [],
      ),
      queues: queues ? [...queues].map(([name, counts]) => ({ name, ...counts })) : null,
    };
  }
}
