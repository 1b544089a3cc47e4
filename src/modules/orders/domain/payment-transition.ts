import type { PaymentStatus } from './order-status';

/** What a payment provider reports about an order's payment. */
export type PaymentOutcome = 'paid' | 'failed';

/** What an outcome does to an order whose payment state allows it. */
export interface PaymentTransition {
  /** The payment states the outcome moves an order from; from any other state it changes nothing. */
  from: readonly PaymentStatus[];
  to: PaymentStatus;
  /** The order event the change records. */
  event: 'paid' | 'payment_failed';
  /** Whether the change stamps the order's `paid_at`. */
  stampsPaidAt: boolean;
}

/**
 * The payment-state rule, the one definition every path applies (the payment webhook's single and
 * batched statements, the RecordOrderPayment command): late or repeated provider events never undo
 * a later state. A confirmed payment is final, so a rejection arriving after it changes nothing, and
 * a repeated confirmation is a no-op; a confirmation after a rejection pays the order (the shopper
 * paid on a second try). The SQL that applies it is generated from this table
 * (`persistence/order-payment.statement.ts`).
 */
export const PAYMENT_TRANSITIONS: Readonly<Record<PaymentOutcome, PaymentTransition>> = {
  paid: { from: ['unpaid', 'failed'], to: 'paid', event: 'paid', stampsPaidAt: true },
  failed: { from: ['unpaid'], to: 'failed', event: 'payment_failed', stampsPaidAt: false },
};

/** The state an order's payment moves to on `outcome`, or null when the outcome changes nothing. */
export function nextPaymentStatus(current: PaymentStatus, outcome: PaymentOutcome): PaymentStatus | null {
  const transition = PAYMENT_TRANSITIONS[outcome];
  return transition.from.includes(current) ? transition.to : null;
}

const MAX_REASON_LENGTH = 500;

/** The failure reason an order event records: the provider's text, cut to 500 characters, or null. */
export function paymentFailureReason(reason: unknown): string | null {
  return typeof reason === 'string' ? reason.slice(0, MAX_REASON_LENGTH) : null;
}
