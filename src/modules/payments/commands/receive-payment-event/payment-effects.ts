import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { isUuid, MAX_INTEGER_ID } from '@common/http/resource-ids';
import type { CombinedStatement, StatementPart } from '@infra/database/statements';
import { ChangeSubscriptionCommand, ChangeSubscriptionResult } from '@modules/accounts';
import { orderPaymentStatement, paymentFailureReason, RecordOrderPaymentCommand, RecordOrderPaymentResult } from '@modules/orders';
import type { PaymentEventType } from '@modules/payments/domain/payment-events';

export type EffectResult = { ok: true } | { ok: false; reason: string };

interface Delivery {
  provider: string;
  logId: string;
}

/** An effect made of parts of the webhook's own statement (see PaymentEffects.inStatement). */
export interface StatementEffect {
  /** SQL: true when the event names what it changes (else the delivery is invalid, for `invalidReason`). */
  valid: string;
  invalidReason: string;
  /** Adds the change, applied only when `when` (SQL) holds; `logId` is SQL giving the log row's id. */
  addChange(when: string, logId: string): void;
}

/** An order's payment as a webhook event states it. */
export interface OrderPayment {
  orderId: number;
  outcome: 'paid' | 'failed';
  reason: string | null;
}

/** The effect of several order payments made of parts of one statement (PaymentEffects.inBatchStatement). */
export interface BatchStatementEffect {
  valid(orderIdSql: string): string;
  invalidReason: string;
  addChanges(logged: StatementPart): void;
}

const UNKNOWN_ORDER = 'data.order_id does not name an existing order.';
const invalid = (reason: string): EffectResult => ({ ok: false, reason });

/**
 * What each payment event does (decisions §10), sent as commands to the modules that own the
 * state: an order's payment state to orders, a shop's subscription to accounts. They run inside
 * the webhook's transaction (a command joins the open one), so the log row's outcome and the effect
 * commit together. Late or repeated events never undo a later state; see docs/payments-webhook.md.
 */
@Injectable()
export class PaymentEffects {
  constructor(private readonly commands: CommandBus) {}

  /**
   * The effect as parts of one statement, for the events that allow it (an order's payment): the
   * webhook's first delivery then inserts its log row, applies the effect and records the outcome
   * in one round trip. Null for the others, which `apply` runs.
   */
  inStatement(statement: CombinedStatement, payment: OrderPayment, provider: string): StatementEffect {
    const { orderId, outcome, reason } = payment;
    return {
      valid: orderPaymentStatement.orderExistsIn(statement, orderId),
      invalidReason: UNKNOWN_ORDER,
      addChange: (when, logId) => {
        orderPaymentStatement.changeIn(statement, { orderId, outcome, provider, webhookLogId: logId, reason, when });
      },
    };
  }

  /**
   * The effect of many order payments as parts of one statement (the webhook's batch of first
   * deliveries): `source` names a part with one row per delivery and the columns `order_id`,
   * `outcome` ('paid' or 'failed') and `reason` (as `paymentFailureReason` cuts it), at most one
   * row per order. `valid(orderIdSql)` is SQL that is true when the order exists;
   * `addChanges(logged)` adds the changes of the part `logged`, which has the columns of `source`
   * with `provider` and `webhook_log_id`, for the deliveries whose log row the statement inserted.
   */
  inBatchStatement(statement: CombinedStatement, source: StatementPart): BatchStatementEffect {
    return {
      valid: orderPaymentStatement.ordersExistIn(statement, source),
      invalidReason: UNKNOWN_ORDER,
      addChanges: (logged) => {
        orderPaymentStatement.changeEachIn(statement, logged);
      },
    };
  }

  /** What a payment event does to an order, for the events that a statement can apply; else null. */
  orderPaymentOf(type: PaymentEventType, data: Record<string, unknown>): OrderPayment | null {
    if (type !== 'payment.confirmed' && type !== 'payment.rejected') return null;
    const orderId = orderIdOf(data.order_id);
    if (orderId === null) return null;
    const outcome = type === 'payment.confirmed' ? 'paid' : 'failed';
    return { orderId, outcome, reason: paymentFailureReason(data.reason) };
  }

  async apply(type: PaymentEventType, data: Record<string, unknown>, delivery: Delivery): Promise<EffectResult> {
    const details = { provider: delivery.provider, webhookLogId: delivery.logId };
    switch (type) {
      case 'payment.confirmed':
      case 'payment.rejected': {
        const orderId = orderIdOf(data.order_id);
        if (orderId === null) return invalid(UNKNOWN_ORDER);
        const reason = typeof data.reason === 'string' ? data.reason : null;
        const outcome = type === 'payment.confirmed' ? 'paid' : 'failed';
        const result = await this.commands.execute<RecordOrderPaymentCommand, RecordOrderPaymentResult>(
          new RecordOrderPaymentCommand(orderId, outcome, outcome === 'failed' ? { ...details, reason } : details),
        );
        return result === 'order_not_found' ? invalid(UNKNOWN_ORDER) : { ok: true };
      }
      case 'subscription.created':
      case 'subscription.renewed':
      case 'subscription.cancelled': {
        let periodEnd: Date | null = null;
        if (type !== 'subscription.cancelled') {
          periodEnd = typeof data.current_period_end === 'string' ? new Date(data.current_period_end) : null;
          if (!periodEnd || Number.isNaN(periodEnd.getTime())) return invalid('data.current_period_end must be an ISO 8601 date-time.');
        }
        if (typeof data.tenant_id !== 'string' || !isUuid(data.tenant_id))
          return invalid('data.tenant_id does not name an existing tenant.');
        const result = await this.commands.execute<ChangeSubscriptionCommand, ChangeSubscriptionResult>(
          new ChangeSubscriptionCommand(data.tenant_id, type, periodEnd, details),
        );
        return result === 'tenant_not_found' ? invalid('data.tenant_id does not name an existing tenant.') : { ok: true };
      }
    }
  }
}

/** An order id as a number or a string of digits (`"0042"` included), within int4. */
function orderIdOf(raw: unknown): number | null {
  const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  return Number.isInteger(id) && id >= 1 && id <= MAX_INTEGER_ID ? id : null;
}
