import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { CombinedStatement } from '@infra/database/statements';
import { DomainEvent, type DomainEventClass } from '@common/events/domain-event';
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
   * As `record`, but as a part of `statement`, which the caller runs in its transaction: for a
   * write whose event needs values only that statement knows (an id it inserts). `computed` names
   * those payload fields with the SQL expressions that give them (over the RETURNING of the
   * statement's other parts); `known` has the rest. The part only inserts a row of its own table,
   * so it is safe in any statement (see CombinedStatement). Occurred at the transaction's start.
   */
  recordIn<P extends object, K extends keyof P & string>(
    manager: EntityManager,
    statement: CombinedStatement,
    event: { type: DomainEventClass<P>; tenantId: string | null; known: Omit<P, K>; computed: Record<K, string> },
    name = 'outbox_recorded',
  ): void {
    if (!manager.queryRunner?.isTransactionActive) {
      throw new Error(`Outbox event ${event.type.type} must be recorded inside a transaction`);
    }
    const computed = Object.entries<string>(event.computed).map(([field, sql]) => `${statement.param(field, 'text')}, ${sql}`);
    statement.with(
      name,
      `INSERT INTO outbox_events (event_type, tenant_id, payload, occurred_at)
       VALUES (${statement.param(event.type.type, 'varchar')}, ${statement.param(event.tenantId, 'uuid')},
               ${statement.param(JSON.stringify(event.known), 'jsonb')} || jsonb_build_object(${computed.join(', ')}), now())`,
    );
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
