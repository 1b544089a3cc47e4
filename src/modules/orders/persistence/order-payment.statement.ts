import type { EntityManager } from 'typeorm';
import { CombinedStatement, type StatementPart } from '@infra/database/statements';
import {
  PAYMENT_TRANSITIONS,
  type PaymentOutcome,
  paymentFailureReason,
  type PaymentTransition,
} from '@modules/orders/domain/payment-transition';

export interface OrderPaymentChange {
  orderId: number;
  outcome: PaymentOutcome;
  provider: string;
  /** SQL giving the webhook log row's id (a parameter, or a part of the caller's statement). */
  webhookLogId: string;
  reason?: string | null;
  /** SQL condition, evaluated once before the order's row is touched: the change applies only if it holds. */
  when: string;
}

// The payment-state rule as SQL, generated from its one definition (domain/payment-transition.ts)
// for every path: one known outcome (changeIn) or a column of outcomes (changeEachIn). The values
// quoted are the table's own constants, never input.
const OUTCOMES = Object.entries(PAYMENT_TRANSITIONS) as Array<[PaymentOutcome, PaymentTransition]>;
const quoted = (value: string) => `'${value}'`;

/** SQL true when `statusSql` is a payment state `transition` moves an order from. */
function movesFrom(statusSql: string, transition: PaymentTransition): string {
  return `${statusSql} IN (${transition.from.map(quoted).join(', ')})`;
}

/** SQL choosing, by the outcome `outcomeSql` gives, what `pick` says of that outcome's transition (NULL for no outcome). */
function byOutcome(outcomeSql: string, pick: (transition: PaymentTransition) => string): string {
  return `CASE ${outcomeSql} ${OUTCOMES.map(([outcome, transition]) => `WHEN ${quoted(outcome)} THEN ${pick(transition)}`).join(' ')} END`;
}

/**
 * An order's payment state as parts of a caller's statement (CombinedStatement), so that the
 * payment webhook's first delivery is one statement: its log row, this change and its order event
 * (issue 14). Which state an outcome moves an order to, and from which, is PAYMENT_TRANSITIONS.
 * The UPDATE's row lock orders concurrent events for one order; under READ COMMITTED a waiting one
 * re-checks its payment-state condition on the row the other committed.
 */
export const orderPaymentStatement = {
  /** Adds a read of the order; returns SQL that is true when it exists. Takes no lock. */
  orderExistsIn(statement: CombinedStatement, orderId: number): string {
    statement.with('payment_order', `SELECT id FROM orders WHERE id = ${statement.param(orderId, 'int')}`);
    return 'EXISTS (SELECT 1 FROM payment_order)';
  },

  /** Adds the change and its order event; returns SQL that is true when the order's state changed. */
  changeIn(statement: CombinedStatement, change: OrderPaymentChange): string {
    const orderId = statement.param(change.orderId, 'int');
    const transition = PAYMENT_TRANSITIONS[change.outcome];
    const paid = change.outcome === 'paid';
    const details: string[] = [
      `'provider', ${statement.param(change.provider, 'text')}`,
      `'webhook_log_id', (${change.webhookLogId})::text`,
    ];
    if (!paid) details.push(`'reason', ${statement.param(paymentFailureReason(change.reason), 'text')}`);
    statement.with(
      'payment_changed',
      `UPDATE orders SET payment_status = ${quoted(transition.to)}${transition.stampsPaidAt ? ', paid_at = now()' : ''}, updated_at = now()
       WHERE id = ${orderId} AND ${movesFrom('payment_status', transition)} AND (${change.when}) RETURNING id, tenant_id`,
    );
    statement.with(
      'payment_event',
      `INSERT INTO order_events (order_id, tenant_id, event, details)
       SELECT id, tenant_id, ${quoted(transition.event)}, jsonb_build_object(${details.join(', ')}) FROM payment_changed`,
    );
    return 'EXISTS (SELECT 1 FROM payment_changed)';
  },

  /**
   * For several orders at once (the payment webhook's batch of first deliveries): adds a read of the
   * orders that `source` names (a part of the statement with an `order_id` column); returns SQL that
   * is true when the order `orderIdSql` (an expression over the caller's rows) exists. Takes no lock.
   */
  ordersExistIn(statement: CombinedStatement, source: StatementPart): (orderIdSql: string) => string {
    statement.with('payment_orders', `SELECT id FROM orders WHERE id IN (SELECT order_id FROM ${source})`);
    return (orderIdSql) => `EXISTS (SELECT 1 FROM payment_orders WHERE id = ${orderIdSql})`;
  },

  /**
   * Adds each change of `source` and its order event, as `changeIn` does for one: `source` is a
   * part of the statement with the columns (order_id int, outcome text: 'paid' or 'failed',
   * provider text, reason text: cut by `paymentFailureReason`, webhook_log_id bigint), at most one
   * row per order (one UPDATE changes a row once). Returns the part giving the changed orders'
   * rows (order_id, webhook_log_id).
   */
  changeEachIn(statement: CombinedStatement, source: StatementPart): StatementPart {
    const changed = statement.with(
      'payments_changed',
      `UPDATE orders o SET payment_status = ${byOutcome('c.outcome', (transition) => quoted(transition.to))},
              paid_at = CASE WHEN ${byOutcome('c.outcome', (transition) => String(transition.stampsPaidAt))} THEN now() ELSE o.paid_at END,
              updated_at = now()
         FROM ${source} c
        WHERE o.id = c.order_id
          AND ${byOutcome('c.outcome', (transition) => movesFrom('o.payment_status', transition))}
       RETURNING o.id AS order_id, o.tenant_id, c.outcome, c.provider, c.reason, c.webhook_log_id`,
    );
    statement.with(
      'payments_event',
      `INSERT INTO order_events (order_id, tenant_id, event, details)
       SELECT order_id, tenant_id, ${byOutcome('outcome', (transition) => quoted(transition.event))},
              CASE WHEN outcome = 'paid'
                   THEN jsonb_build_object('provider', provider, 'webhook_log_id', webhook_log_id::text)
                   ELSE jsonb_build_object('provider', provider, 'webhook_log_id', webhook_log_id::text, 'reason', reason) END
         FROM payments_changed`,
    );
    return changed;
  },

  /**
   * The change of one order alone, in `manager`'s transaction (RecordOrderPaymentCommand): one
   * statement answering whether the order exists and whether its payment state changed.
   */
  async record(
    manager: EntityManager,
    change: { orderId: number; outcome: PaymentOutcome; provider: string; webhookLogId: string; reason?: string | null },
  ): Promise<{ found: boolean; changed: boolean }> {
    const statement = new CombinedStatement();
    const found = orderPaymentStatement.orderExistsIn(statement, change.orderId);
    const changed = orderPaymentStatement.changeIn(statement, {
      orderId: change.orderId,
      outcome: change.outcome,
      provider: change.provider,
      webhookLogId: statement.param(change.webhookLogId, 'text'),
      reason: change.reason,
      when: 'true',
    });
    return statement.run<{ found: boolean; changed: boolean }>(manager, `SELECT ${found} AS found, ${changed} AS changed`);
  },
};
