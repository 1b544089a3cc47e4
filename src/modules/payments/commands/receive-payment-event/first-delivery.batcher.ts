import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CombinedStatement } from '@infra/database/statements';
import { OrderPayment, PaymentEffects } from './payment-effects';
import type { WebhookOutcome } from './receive-payment-event.command';

/** What the log row records about a delivery. */
export interface LogEntry {
  provider: string;
  externalId: string;
  eventType: string;
  /** The payload as JSON text. */
  payload: string;
}

/** The first delivery of an order payment event: its log row and what it does to the order. */
export interface FirstDelivery extends LogEntry {
  payment: OrderPayment;
}

/** The outcome recorded with the delivery's new log row; null: its event id was on record already. */
export type FirstOutcome = WebhookOutcome | null;

/** At most this many deliveries share a statement. */
const MAX_BATCH = 50;
/** At most this many of these statements run at once; deliveries that arrive meanwhile wait for the next. */
const MAX_IN_FLIGHT = 4;

interface Waiting {
  delivery: FirstDelivery;
  key: string;
  resolve: (outcome: FirstOutcome) => void;
  reject: (error: unknown) => void;
}

/**
 * The first delivery of an order payment event is one statement that commits on its own: the log
 * row inserted with its outcome, the order's change and its event applied only if that insert
 * happened. Group commit for it: deliveries that arrive together, with distinct event ids and
 * distinct orders, are one statement (one round trip, one commit, one plan) over arrays instead of a
 * statement each. A statement goes out at the end of the event-loop turn in which its first delivery
 * arrived, unless MAX_IN_FLIGHT are running: then the deliveries wait for one of them to end, so the
 * busier the webhook, the more each statement carries. Each delivery is answered only once the
 * statement that holds its row has committed. A delivery naming an event id or an order already
 * waiting runs on its own at once, so one statement never holds two deliveries of one event or two
 * changes of one order (their order matters: a confirmation is final). If a shared statement fails,
 * nothing of it stands, and each of its deliveries is applied on its own, with its own failure
 * handling (receive-payment-event.handler.ts).
 */
@Injectable()
export class FirstDeliveryBatcher {
  private readonly logger = new Logger('PaymentWebhook');
  private waiting: Waiting[] = [];
  private readonly keys = new Set<string>();
  private readonly orders = new Set<number>();
  private scheduled = false;
  private inFlight = 0;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly effects: PaymentEffects,
  ) {}

  apply(delivery: FirstDelivery): Promise<FirstOutcome> {
    const key = `${delivery.provider}\u0000${delivery.externalId}`;
    if (this.keys.has(key) || this.orders.has(delivery.payment.orderId)) return this.applyOne(delivery);
    return new Promise<FirstOutcome>((resolve, reject) => {
      this.waiting.push({ delivery, key, resolve, reject });
      this.keys.add(key);
      this.orders.add(delivery.payment.orderId);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.flush();
        });
      }
    });
  }

  private flush(): void {
    while (this.waiting.length > 0 && this.inFlight < MAX_IN_FLIGHT) {
      const batch = this.waiting.splice(0, MAX_BATCH);
      for (const { key, delivery } of batch) {
        this.keys.delete(key);
        this.orders.delete(delivery.payment.orderId);
      }
      this.inFlight++;
      // run() settles every delivery of the batch itself and never rejects.
      void this.run(batch).finally(() => {
        this.inFlight--;
        this.flush();
      });
    }
  }

  private async run(batch: Waiting[]): Promise<void> {
    if (batch.length === 1) {
      await this.applyOne(batch[0].delivery).then(batch[0].resolve, batch[0].reject);
      return;
    }
    try {
      const outcomes = await this.applyMany(batch.map(({ delivery }) => delivery));
      batch.forEach((waiting, index) => waiting.resolve(outcomes[index]));
    } catch (error) {
      this.logger.warn(
        { err: error, deliveries: batch.length },
        'A shared statement of payment deliveries failed; applying each on its own',
      );
      for (const waiting of batch) this.applyOne(waiting.delivery).then(waiting.resolve, waiting.reject);
    }
  }

  /** One delivery, one statement. */
  private async applyOne(delivery: FirstDelivery): Promise<FirstOutcome> {
    const statement = new CombinedStatement();
    const effect = this.effects.inStatement(statement, delivery.payment, delivery.provider);
    statement.with(
      'webhook_log',
      `INSERT INTO webhook_logs (provider, external_event_id, event_type, payload, processing_status, processed_at, error)
       SELECT ${statement.param(delivery.provider, 'varchar')}, ${statement.param(delivery.externalId, 'varchar')},
         ${statement.param(delivery.eventType, 'varchar')}, ${statement.param(delivery.payload, 'jsonb')},
         CASE WHEN ${effect.valid} THEN 'processed' ELSE 'invalid' END, now(),
         CASE WHEN ${effect.valid} THEN NULL ELSE ${statement.param(effect.invalidReason, 'text')} END
       ON CONFLICT (provider, external_event_id) DO NOTHING RETURNING id, processing_status`,
    );
    effect.addChange('EXISTS (SELECT 1 FROM webhook_log)', 'SELECT id FROM webhook_log');
    const row = await statement.run<{ outcome: FirstOutcome }>(
      this.dataSource.manager,
      'SELECT (SELECT processing_status FROM webhook_log) AS outcome',
    );
    return row.outcome;
  }

  /** Many deliveries (distinct event ids, distinct orders), one statement over arrays; outcomes in their order. */
  private async applyMany(deliveries: FirstDelivery[]): Promise<FirstOutcome[]> {
    const statement = new CombinedStatement();
    const column = <T>(type: string, value: (delivery: FirstDelivery) => T) => statement.param(deliveries.map(value), type);
    const deliveriesPart = statement.with(
      'deliveries',
      `SELECT * FROM unnest(${column('varchar[]', (d) => d.provider)}, ${column('varchar[]', (d) => d.externalId)},
         ${column('varchar[]', (d) => d.eventType)}, ${column('jsonb[]', (d) => d.payload)}, ${column('int[]', (d) => d.payment.orderId)},
         ${column('text[]', (d) => d.payment.outcome)}, ${column('text[]', (d) => d.payment.reason)})
         WITH ORDINALITY AS d(provider, external_event_id, event_type, payload, order_id, outcome, reason, n)`,
    );
    const effect = this.effects.inBatchStatement(statement, deliveriesPart);
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
    const changes = statement.with(
      'payment_changes',
      `SELECT d.order_id, d.outcome, d.provider, d.reason, w.id AS webhook_log_id
         FROM deliveries d JOIN webhook_log w ON w.provider = d.provider AND w.external_event_id = d.external_event_id
        WHERE w.processing_status = 'processed'`,
    );
    effect.addChanges(changes);
    const row = await statement.run<{ outcomes: FirstOutcome[] }>(
      this.dataSource.manager,
      `SELECT array_agg(w.processing_status ORDER BY d.n) AS outcomes
         FROM deliveries d LEFT JOIN webhook_log w ON w.provider = d.provider AND w.external_event_id = d.external_event_id`,
    );
    return row.outcomes;
  }
}
