import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { DomainEvent } from './domain-event';
import { OutboxEventEntity } from './outbox-event.entity';

export interface OutboxTypeCounts {
  eventType: string;
  recorded: number;
  pending: number;
  dispatched: number;
  processed: number;
  failed: number;
  oldestPendingSeconds: number | null;
}

@Injectable()
export class OutboxService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Writes the event in the caller's transaction, so it exists exactly when the change it
   * describes does. Pass the manager of that transaction, never the data source's default one.
   */
  async record(manager: EntityManager, event: DomainEvent<object>): Promise<string> {
    if (!manager.queryRunner?.isTransactionActive) {
      throw new Error(`Outbox event ${event.type} must be recorded inside a transaction`);
    }
    const result = await manager.insert(OutboxEventEntity, {
      eventType: event.type,
      tenantId: event.tenantId,
      payload: event.payload as OutboxEventEntity['payload'] & object,
      occurredAt: event.occurredAt,
    });
    return String(result.identifiers[0].id);
  }

  /**
   * Events not handed to the queue yet, and how long the oldest has waited (0 with none): for
   * metrics scrapes, so cheap: only the partial index of pending rows is read.
   */
  async pendingBacklog(): Promise<{ pending: number; oldestPendingSeconds: number }> {
    const [row]: Array<{ pending: string; oldest_pending: string | null }> = await this.dataSource.query(`
      SELECT count(*) AS pending, extract(epoch FROM now() - min(created_at)) AS oldest_pending
        FROM outbox_events
       WHERE status = 'pending'`);
    return {
      pending: Number(row.pending),
      oldestPendingSeconds: row.oldest_pending === null ? 0 : Math.max(0, Number(row.oldest_pending)),
    };
  }

  /** Per event type: what was recorded and where it stands (admin architecture-health page). */
  async countsByType(): Promise<OutboxTypeCounts[]> {
    const rows: Array<Record<string, string | null>> = await this.dataSource.query(`
      SELECT event_type,
             count(*) AS recorded,
             count(*) FILTER (WHERE status = 'pending') AS pending,
             count(*) FILTER (WHERE status = 'dispatched') AS dispatched,
             count(*) FILTER (WHERE status = 'processed') AS processed,
             count(*) FILTER (WHERE status = 'failed') AS failed,
             extract(epoch FROM now() - min(created_at) FILTER (WHERE status = 'pending')) AS oldest_pending
        FROM outbox_events
       GROUP BY event_type
       ORDER BY event_type`);
    return rows.map((row) => ({
      eventType: String(row.event_type),
      recorded: Number(row.recorded),
      pending: Number(row.pending),
      dispatched: Number(row.dispatched),
      processed: Number(row.processed),
      failed: Number(row.failed),
      oldestPendingSeconds: row.oldest_pending === null ? null : Math.round(Number(row.oldest_pending)),
    }));
  }
}
