import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { CombinedStatement, StatementPart } from '@infra/database/statements';
import type { FirstStatus, LogEntry, LoggedOrderPayment, ProcessingStatus } from './webhook-logs.rows';

const INSERT_LOG_ROW = `INSERT INTO webhook_logs (provider, external_event_id, event_type, payload) VALUES ($1, $2, $3, $4::jsonb)
  ON CONFLICT (provider, external_event_id) DO NOTHING RETURNING id`;
const RECORD_OUTCOME = 'UPDATE webhook_logs SET processing_status = $2, processed_at = now(), error = $3 WHERE id = $1';

/** The statements of `webhook_logs` that run on their own (or in the caller's transaction). */
@Injectable()
export class WebhookLogsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Inserts the delivery's row; null when its event id is on record already. */
  async insert(entry: LogEntry, manager: EntityManager = this.dataSource.manager): Promise<string | null> {
    const inserted: Array<{ id: string }> = await manager.query(INSERT_LOG_ROW, [
      entry.provider,
      entry.externalId,
      entry.eventType,
      entry.payload,
    ]);
    return inserted[0]?.id ?? null;
  }

  async recordOutcome(manager: EntityManager, id: string, outcome: ProcessingStatus, error: string | null): Promise<void> {
    await manager.query(RECORD_OUTCOME, [id, outcome, error]);
  }

  /** The row's status, its row locked until the caller's transaction ends. */
  async lockStatus(manager: EntityManager, id: string): Promise<ProcessingStatus> {
    const rows: Array<{ processing_status: ProcessingStatus }> = await manager.query(
      'SELECT processing_status FROM webhook_logs WHERE id = $1 FOR UPDATE',
      [id],
    );
    return rows[0].processing_status;
  }

  /** Marks the row failed, unless another delivery has applied the event meanwhile. */
  async markFailed(id: string, error: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE webhook_logs SET processing_status = 'failed', error = $2 WHERE id = $1 AND processing_status IN ('received', 'failed')`,
      [id, error],
    );
  }

  /** The id of the row an earlier delivery of this event wrote. */
  async idOf(entry: LogEntry): Promise<string> {
    const existing: Array<{ id: string }> = await this.dataSource.query(
      'SELECT id FROM webhook_logs WHERE provider = $1 AND external_event_id = $2',
      [entry.provider, entry.externalId],
    );
    return existing[0].id;
  }
}

/** What an effect sharing the first delivery's statement says about it (PaymentEffects.inStatement). */
interface Validity {
  /** SQL: true when the event names what it changes. */
  valid: string;
  invalidReason: string;
}

/** The first deliveries' parts of `webhook_logs` in a combined statement (src/infra/database/statements/README.md). */
export const webhookLogStatement = {
  /**
   * Inserts one delivery's row with its outcome (part `webhook_log`); returns SQL that is true when
   * it was inserted and SQL that selects its id, for the effect's change.
   */
  logIn(statement: CombinedStatement, delivery: LogEntry, effect: Validity): { inserted: string; id: string } {
    statement.with(
      'webhook_log',
      `INSERT INTO webhook_logs (provider, external_event_id, event_type, payload, processing_status, processed_at, error)
       SELECT ${statement.param(delivery.provider, 'varchar')}, ${statement.param(delivery.externalId, 'varchar')},
         ${statement.param(delivery.eventType, 'varchar')}, ${statement.param(delivery.payload, 'jsonb')},
         CASE WHEN ${effect.valid} THEN 'processed' ELSE 'invalid' END, now(),
         CASE WHEN ${effect.valid} THEN NULL ELSE ${statement.param(effect.invalidReason, 'text')} END
       ON CONFLICT (provider, external_event_id) DO NOTHING RETURNING id, processing_status`,
    );
    return { inserted: 'EXISTS (SELECT 1 FROM webhook_log)', id: 'SELECT id FROM webhook_log' };
  },

  /** Runs a statement built with `logIn`: the outcome recorded, null when the row was on record already. */
  async outcomeOf(statement: CombinedStatement, manager: EntityManager): Promise<FirstStatus | null> {
    const row = await statement.run<{ outcome: FirstStatus | null }>(
      manager,
      'SELECT (SELECT processing_status FROM webhook_log) AS outcome',
    );
    return row.outcome;
  },

  /** The deliveries as rows (part `deliveries`, with their order `n`), for `logManyIn` and the effect. */
  deliveriesIn(statement: CombinedStatement, deliveries: LoggedOrderPayment[]): StatementPart {
    const column = <T>(type: string, value: (delivery: LoggedOrderPayment) => T) => statement.param(deliveries.map(value), type);
    return statement.with(
      'deliveries',
      `SELECT * FROM unnest(${column('varchar[]', (d) => d.provider)}, ${column('varchar[]', (d) => d.externalId)},
         ${column('varchar[]', (d) => d.eventType)}, ${column('jsonb[]', (d) => d.payload)}, ${column('int[]', (d) => d.payment.orderId)},
         ${column('text[]', (d) => d.payment.outcome)}, ${column('text[]', (d) => d.payment.reason)})
         WITH ORDINALITY AS d(provider, external_event_id, event_type, payload, order_id, outcome, reason, n)`,
    );
  },

  /**
   * Inserts the rows of `deliveriesIn` with their outcomes (part `webhook_log`); returns the part
   * of the changes to apply (`payment_changes`: order_id, outcome, provider, reason, webhook_log_id).
   */
  logManyIn(statement: CombinedStatement, effect: { valid(orderIdSql: string): string; invalidReason: string }): StatementPart {
    const valid = effect.valid('d.order_id');
    // Rows inserted in key order: two batches that share event ids wait for each other in one order.
    statement.with(
      'webhook_log',
      `INSERT INTO webhook_logs (provider, external_event_id, event_type, payload, processing_status, processed_at, error)
       SELECT d.provider, d.external_event_id, d.event_type, d.payload, CASE WHEN ${valid} THEN 'processed' ELSE 'invalid' END, now(),
              CASE WHEN ${valid} THEN NULL ELSE ${statement.param(effect.invalidReason, 'text')} END
         FROM deliveries d ORDER BY d.provider, d.external_event_id
       ON CONFLICT (provider, external_event_id) DO NOTHING RETURNING id, provider, external_event_id, processing_status`,
    );
    return statement.with(
      'payment_changes',
      `SELECT d.order_id, d.outcome, d.provider, d.reason, w.id AS webhook_log_id
         FROM deliveries d JOIN webhook_log w ON w.provider = d.provider AND w.external_event_id = d.external_event_id
        WHERE w.processing_status = 'processed'`,
    );
  },

  /** Runs a statement built with `logManyIn`: each delivery's outcome in their order, null where on record already. */
  async outcomesOf(statement: CombinedStatement, manager: EntityManager): Promise<Array<FirstStatus | null>> {
    const row = await statement.run<{ outcomes: Array<FirstStatus | null> }>(
      manager,
      `SELECT array_agg(w.processing_status ORDER BY d.n) AS outcomes
         FROM deliveries d LEFT JOIN webhook_log w ON w.provider = d.provider AND w.external_event_id = d.external_event_id`,
    );
    return row.outcomes;
  },
};
