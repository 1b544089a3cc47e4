import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { isDependencyUnavailable } from '@common/errors/dependency-unavailable';
import { CombinedStatement } from '@infra/database/statements';
import { webhookLogStatement } from '@modules/payments/persistence/webhook-logs.repository';
import type { LogEntry } from '@modules/payments/persistence/webhook-logs.rows';
import { OrderPayment, PaymentEffects } from './payment-effects';
import type { WebhookOutcome } from './receive-payment-event.command';

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
 * handling (receive-payment-event.handler.ts) — unless it failed because PostgreSQL could not be
 * reached: then every delivery of it is answered with that failure at once (a 503), so that a frozen
 * server costs a delivery one bounded wait, not two (docs/operations.md, "When PostgreSQL or Redis
 * goes away").
 */
@Injectable()
export class FirstDeliveryBatcher {
  private readonly logger = new Logger('PaymentWebhook');
  private waiting: Waiting[] = [];
  private readonly keys = new Set<string>();
  private readonly orders = new Set<number>();
  private scheduled = false;
  private inFlight = 0;
  private unsettled = 0;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly effects: PaymentEffects,
  ) {}

  /** How many deliveries it was given that are not answered yet (waiting for a statement, or for theirs to end). */
  get pending(): number {
    return this.unsettled;
  }

  apply(delivery: FirstDelivery): Promise<FirstOutcome> {
    this.unsettled++;
    return this.applyShared(delivery).finally(() => this.unsettled--);
  }

  private applyShared(delivery: FirstDelivery): Promise<FirstOutcome> {
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
      // PostgreSQL unreachable (gone, or frozen past the pool's bounds): a statement of each delivery
      // would only meet it again and double the wait. Each is answered with that failure now (503
      // with Retry-After); the provider redelivers, and a delivery applies once whenever it comes.
      if (isDependencyUnavailable(error)) {
        for (const waiting of batch) waiting.reject(error);
        return;
      }
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
    const logged = webhookLogStatement.logIn(statement, delivery, effect);
    effect.addChange(logged.inserted, logged.id);
    return webhookLogStatement.outcomeOf(statement, this.dataSource.manager);
  }

  /** Many deliveries (distinct event ids, distinct orders), one statement over arrays; outcomes in their order. */
  private async applyMany(deliveries: FirstDelivery[]): Promise<FirstOutcome[]> {
    const statement = new CombinedStatement();
    const deliveriesPart = webhookLogStatement.deliveriesIn(statement, deliveries);
    const effect = this.effects.inBatchStatement(statement, deliveriesPart);
    effect.addChanges(webhookLogStatement.logManyIn(statement, effect));
    return webhookLogStatement.outcomesOf(statement, this.dataSource.manager);
  }
}
