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

  it('changes a paid order in place on a full page (a HOT update: no index entry), and leaves the list counters alone', async () => {
    const orderId = await placeOrder();
    // 400 copies in one statement fill pages as far as the table's fill factor lets them.
    const copies: Array<{ id: number }> = await db.query(
      `INSERT INTO orders (tenant_id, order_number, customer_name, customer_phone, delivery_type, payment_method, subtotal, total, currency)
       SELECT tenant_id, order_number || '-' || g, customer_name, customer_phone, delivery_type, payment_method, subtotal, total, currency
         FROM orders, generate_series(1, 400) g WHERE id = $1 ORDER BY g RETURNING id`,
      [orderId],
    );
    const copyId = copies[100].id;
    const counters = () =>
      db.query(
        `SELECT subset, sum(n)::int AS n FROM list_counts WHERE list = 'orders' AND scope_id = (SELECT tenant_id FROM orders WHERE id = $1) GROUP BY 1 ORDER BY 1`,
        [copyId],
      );
    const before = await counters();
    const blockOf = async () =>
      (await db.query(`SELECT (ctid::text::point)[0]::int AS block FROM orders WHERE id = $1`, [copyId]))[0].block as number;
    const block = await blockOf();
    // This backend's count of HOT updates of orders (it may hold earlier transactions' too: read the difference).
    const hotUpdates = await inTransaction(db, async (manager) => {
      const hot = async () =>
        (await manager.query(`SELECT pg_stat_get_xact_tuples_hot_updated('orders'::regclass)::int AS n`))[0].n as number;
      const before = await hot();
      expect(await record(copyId, 'paid')).toBe('applied');
      return (await hot()) - before;
    });
    expect(hotUpdates).toBe(1);
    expect(await blockOf()).toBe(block);
    expect(await counters()).toEqual(before);
  });
});
