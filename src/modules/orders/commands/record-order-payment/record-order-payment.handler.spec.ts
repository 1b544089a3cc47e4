import { DataSource, EntityManager } from 'typeorm';
import { RecordOrderPaymentCommand } from './record-order-payment.command';
import { RecordOrderPaymentHandler } from './record-order-payment.handler';

/**
 * The payment-transition rule as the RecordOrderPayment command applies it, without a database:
 * the statement it sends (to a fake connection that answers what PostgreSQL would) moves an order
 * only from the states PAYMENT_TRANSITIONS allows (a confirmed payment is final; only an unpaid
 * order becomes failed), and the answer says whether the order existed and changed.
 */
describe('RecordOrderPaymentHandler', () => {
  function setUp(answer: { found: boolean; changed: boolean } = { found: true, changed: true }) {
    const sent: Array<{ sql: string; values: unknown[] }> = [];
    const transaction = {
      query: jest.fn((sql: string, values: unknown[]) => {
        sent.push({ sql, values });
        return Promise.resolve([{ ...answer }]);
      }),
    } as unknown as EntityManager;
    const dataSource = {
      manager: {} as EntityManager,
      transaction: jest.fn((work: (manager: EntityManager) => Promise<unknown>) => work(transaction)),
    } as unknown as DataSource;
    return { handler: new RecordOrderPaymentHandler(dataSource), dataSource, sent };
  }

  const details = { provider: 'stripe', webhookLogId: '77' };
  const squeezed = (sql: string) => sql.replace(/\s+/g, ' ');

  it('moves a paid outcome from unpaid or failed to paid, stamping paid_at, and records the paid event', async () => {
    const subject = setUp();

    await expect(subject.handler.execute(new RecordOrderPaymentCommand(501, 'paid', details))).resolves.toBe('applied');

    expect(subject.sent).toHaveLength(1);
    const sql = squeezed(subject.sent[0].sql);
    expect(sql).toContain("UPDATE orders SET payment_status = 'paid', paid_at = now(), updated_at = now()");
    expect(sql).toContain("AND payment_status IN ('unpaid', 'failed')");
    expect(sql).toContain("SELECT id, tenant_id, 'paid', jsonb_build_object('provider', $");
    expect(subject.sent[0].values).toEqual(expect.arrayContaining([501, 'stripe', '77']));
  });

  it('moves a failed outcome only from unpaid, leaves paid_at alone, and records the reason, cut to 500 characters', async () => {
    const subject = setUp();

    await subject.handler.execute(new RecordOrderPaymentCommand(501, 'failed', { ...details, reason: 'x'.repeat(800) }));

    const sql = squeezed(subject.sent[0].sql);
    expect(sql).toContain("UPDATE orders SET payment_status = 'failed', updated_at = now()");
    expect(sql).toContain("AND payment_status IN ('unpaid') AND");
    expect(sql).not.toContain('paid_at');
    expect(sql).toContain("'payment_failed'");
    expect(subject.sent[0].values).toContain('x'.repeat(500));
    expect(subject.sent[0].values).not.toContain('x'.repeat(800));
  });

  it('answers unchanged when the order exists but its state does not allow the move (a late rejection of a paid order)', async () => {
    const subject = setUp({ found: true, changed: false });
    await expect(subject.handler.execute(new RecordOrderPaymentCommand(501, 'failed', details))).resolves.toBe('unchanged');
  });

  it('answers order_not_found when no order has the id', async () => {
    const subject = setUp({ found: false, changed: false });
    await expect(subject.handler.execute(new RecordOrderPaymentCommand(501, 'paid', details))).resolves.toBe('order_not_found');
  });

  it('answers order_not_found for an id the orders table cannot hold, without a statement that would fail the caller', async () => {
    const subject = setUp();

    await expect(subject.handler.execute(new RecordOrderPaymentCommand(2_147_483_648, 'paid', details))).resolves.toBe('order_not_found');
    await expect(subject.handler.execute(new RecordOrderPaymentCommand(-1, 'paid', details))).resolves.toBe('order_not_found');

    expect(subject.dataSource.transaction).not.toHaveBeenCalled();
    expect(subject.sent).toHaveLength(0);
  });
});
