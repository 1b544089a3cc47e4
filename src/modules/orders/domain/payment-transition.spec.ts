import { PAYMENT_STATUSES, type PaymentStatus } from './order-status';
import { nextPaymentStatus, PAYMENT_TRANSITIONS, type PaymentOutcome, paymentFailureReason } from './payment-transition';

describe('payment transitions', () => {
  const table: Array<[PaymentStatus, PaymentOutcome, PaymentStatus | null]> = [
    ['unpaid', 'paid', 'paid'],
    ['failed', 'paid', 'paid'],
    ['paid', 'paid', null],
    ['unpaid', 'failed', 'failed'],
    ['failed', 'failed', null],
    ['paid', 'failed', null],
  ];

  it.each(table)('%s order, %s reported → %s', (current, outcome, next) => {
    expect(nextPaymentStatus(current, outcome)).toBe(next);
  });

  it('covers every state and outcome', () => {
    expect(table).toHaveLength(PAYMENT_STATUSES.length * Object.keys(PAYMENT_TRANSITIONS).length);
  });

  it('a confirmed payment is final: no outcome moves a paid order', () => {
    for (const outcome of Object.keys(PAYMENT_TRANSITIONS) as PaymentOutcome[]) expect(nextPaymentStatus('paid', outcome)).toBeNull();
  });

  it('only a payment stamps paid_at, and each change records its event', () => {
    expect(PAYMENT_TRANSITIONS.paid).toMatchObject({ event: 'paid', stampsPaidAt: true });
    expect(PAYMENT_TRANSITIONS.failed).toMatchObject({ event: 'payment_failed', stampsPaidAt: false });
  });

  it('keeps a failure reason of text only, cut to 500 characters', () => {
    expect(paymentFailureReason('card declined')).toBe('card declined');
    expect(paymentFailureReason('x'.repeat(600))).toHaveLength(500);
    expect(paymentFailureReason(42)).toBeNull();
    expect(paymentFailureReason(undefined)).toBeNull();
  });
});
