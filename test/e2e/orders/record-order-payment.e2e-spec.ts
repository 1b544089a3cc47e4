import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { inTransaction } from '@infra/database/transaction';
import { RecordOrderPaymentCommand, RecordOrderPaymentResult } from '@modules/orders';
import { createLocation, createProduct, orderBody } from '@test/support/commerce-factories';
import { createTenantWithOwner } from '@test/support/factories';
import { createTestApp, TestApp } from '@test/support/test-app';

describe('RecordOrderPaymentCommand (the payment webhook records order payments through it)', () => {
  let t: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.get(DataSource);
  });
  afterAll(() => t.close());

  async function placeOrder(): Promise<number> {
    const { tenant } = await createTenantWithOwner(t);
    await createLocation(t, tenant.id);
    const product = await createProduct(t, tenant.id);
    const res = await t
      .http()
      .post('/api/v1/orders')
      .set('X-Tenant-ID', tenant.id)
      .send(orderBody([{ product_id: product.id }]));
    expect(res.status).toBe(201);
    return res.body.data.id as number;
  }

  const record = (orderId: number, outcome: 'paid' | 'failed', reason?: string | null) =>
    t
      .get(CommandBus)
      .execute<RecordOrderPaymentCommand, RecordOrderPaymentResult>(
        new RecordOrderPaymentCommand(orderId, outcome, { provider: 'acme', webhookLogId: 'log-1', reason }),
      );
  const paymentOf = async (orderId: number) =>
    (
      await db.query<Array<{ payment_status: string; paid_at: Date | null }>>('SELECT payment_status, paid_at FROM orders WHERE id = $1', [
        orderId,
      ])
    )[0];
  const eventsOf = (orderId: number) =>
    db.query(`SELECT event, details FROM order_events WHERE order_id = $1 AND event IN ('paid', 'payment_failed') ORDER BY id`, [orderId]);

  it('marks an order paid once, with one event; a later failure changes nothing', async () => {
    const orderId = await placeOrder();
    expect(await record(orderId, 'paid')).toBe('applied');
    expect(await paymentOf(orderId)).toEqual({ payment_status: 'paid', paid_at: expect.any(Date) });
    expect(await record(orderId, 'paid')).toBe('unchanged');
    expect(await record(orderId, 'failed', 'card declined')).toBe('unchanged');
    expect((await paymentOf(orderId)).payment_status).toBe('paid');
    expect(await eventsOf(orderId)).toEqual([{ event: 'paid', details: { provider: 'acme', webhook_log_id: 'log-1' } }]);
  });

  it('records a failure of an unpaid order with its reason cut to 500 characters, only once', async () => {
    const orderId = await placeOrder();
    expect(await record(orderId, 'failed', 'x'.repeat(600))).toBe('applied');
    expect(await paymentOf(orderId)).toEqual({ payment_status: 'failed', paid_at: null });
    expect(await record(orderId, 'failed', 'again')).toBe('unchanged');
    expect(await eventsOf(orderId)).toEqual([
      { event: 'payment_failed', details: { provider: 'acme', webhook_log_id: 'log-1', reason: 'x'.repeat(500) } },
    ]);
  });

  it('lets a failed order still be paid, and records a missing reason as null', async () => {
    const orderId = await placeOrder();
    expect(await record(orderId, 'failed')).toBe('applied');
    expect(await record(orderId, 'paid')).toBe('applied');
    expect((await eventsOf(orderId)).map((row: { details: { reason?: unknown } }) => row.details.reason)).toEqual([null, undefined]);
  });

  it('answers order_not_found for an unknown or impossible order id', async () => {
    expect(await record(2_000_000_000, 'paid')).toBe('order_not_found');
    expect(await record(2_147_483_648, 'failed')).toBe('order_not_found');
  });

  it("joins the caller's open transaction, so a rollback there undoes the payment", async () => {
    const orderId = await placeOrder();
    await expect(
      inTransaction(db, async () => {
        expect(await record(orderId, 'paid')).toBe('applied');
        throw new Error('the caller fails after the command');
      }),
    ).rejects.toThrow('the caller fails');
    expect((await paymentOf(orderId)).payment_status).toBe('unpaid');
    expect(await eventsOf(orderId)).toEqual([]);
  });
});
