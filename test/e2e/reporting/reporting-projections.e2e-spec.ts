import type { Job } from 'bullmq';
import { OutboxProcessor } from '@infra/outbox/outbox.processor';
import { ReportingQueries } from '@modules/reporting';
import { createProduct, createShop, orderBody } from '@test/support/commerce-factories';
import { createTenantWithOwner } from '@test/support/factories';
import { placeOrder } from '@test/support/http-clients';
import { outboxRowProcessed, recordProfileEnhanced } from '@test/support/outbox-events';
import { useTestApp, type TestApp } from '@test/support/test-app';

/** What a crashed relay and a lost consumption marker do: the same event is handled twice more. */
async function redeliver(t: TestApp, outboxId: string): Promise<void> {
  const processor = t.get(OutboxProcessor);
  const job = { data: { outboxId } } as Job<{ outboxId: string }>;
  await t.db.query(`UPDATE outbox_events SET status = 'pending' WHERE id = $1`, [outboxId]);
  await processor.process(job);
  await t.db.query('DELETE FROM outbox_consumptions WHERE event_id = $1', [outboxId]);
  await processor.process(job);
}

describe('Reporting projections fed by domain events (spec 6)', () => {
  const t = useTestApp();
  const reports = () => t.get(ReportingQueries);

  const orderEventOf = async (orderId: number) =>
    (
      await t.db.query<Array<{ id: string; day: string }>>(
        `SELECT id, to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day
           FROM outbox_events WHERE event_type = 'OrderPlaced' AND payload->>'order_id' = $1`,
        [String(orderId)],
      )
    )[0];

  it("counts each order and its total on the shop's UTC day, once even when the event is delivered again", async () => {
    const shop = await createShop(t);
    const product = await createProduct(t, shop.tenant.id, { price: '125.50' });
    const first = await placeOrder(t, shop.tenant.id, orderBody([{ product_id: product.id, quantity: 2 }]));
    const second = await placeOrder(t, shop.tenant.id, orderBody([{ product_id: product.id, quantity: 1 }]));
    expect([first.status, second.status]).toEqual([201, 201]);
    const events = [await orderEventOf(first.body.data.id), await orderEventOf(second.body.data.id)];
    for (const event of events) await outboxRowProcessed(t, event.id);

    const days = [...new Set(events.map((event) => event.day))];
    const stats = await reports().dailyStats(shop.tenant.id, days[0], days[days.length - 1]);
    const expected = {
      orders: 2,
      revenue: (Number(first.body.data.total) + Number(second.body.data.total)).toFixed(2),
      aiEnrichments: 0,
    };
    // Two orders placed a moment apart may straddle midnight UTC: then each day holds one.
    if (days.length === 1) expect(stats).toEqual([{ tenantId: shop.tenant.id, day: days[0], ...expected }]);
    else expect(stats.reduce((sum, row) => sum + row.orders, 0)).toBe(2);

    await redeliver(t, events[0].id);
    expect(await reports().dailyStats(shop.tenant.id, days[0], days[days.length - 1])).toEqual(stats);
  });

  it("adds an order of the largest amount to a day whose revenue is already beyond numeric(14,2)'s reach", async () => {
    const shop = await createShop(t);
    const product = await createProduct(t, shop.tenant.id, { price: '9999999999.99', stock: null });
    // A day that already holds 100 such orders (today and tomorrow, UTC: the order may fall on either).
    await t.db.query(
      `INSERT INTO tenant_daily_stats (tenant_id, day, orders, revenue)
       SELECT $1, (now() AT TIME ZONE 'UTC')::date + d, 100, 999999999999.00 FROM generate_series(0, 1) d`,
      [shop.tenant.id],
    );
    const placed = await placeOrder(t, shop.tenant.id, orderBody([{ product_id: product.id }]));
    expect(placed.status).toBe(201);
    const event = await orderEventOf(placed.body.data.id);
    await outboxRowProcessed(t, event.id);
    expect(await reports().dailyStats(shop.tenant.id, event.day, event.day)).toEqual([
      { tenantId: shop.tenant.id, day: event.day, orders: 101, revenue: '1009999999998.99', aiEnrichments: 0 },
    ]);
  });

  it('counts an AI enrichment on the daily stats and its tokens and credits on the monthly usage, once', async () => {
    const { tenant, owner } = await createTenantWithOwner(t);
    // 23:30 in Tegucigalpa on March 31 is already April 1 in UTC.
    const occurredAt = new Date('2025-03-31T23:30:00-06:00');
    const outboxId = await recordProfileEnhanced(t, tenant.id, owner.id, { tokens_used: 420, credits_spent: 1 }, occurredAt);
    await outboxRowProcessed(t, outboxId);
    const secondId = await recordProfileEnhanced(t, tenant.id, owner.id, { tokens_used: null, credits_spent: 2 }, occurredAt);
    await outboxRowProcessed(t, secondId);

    const daily = await reports().dailyStats(tenant.id, '2025-03-31', '2025-04-01');
    expect(daily).toEqual([{ tenantId: tenant.id, day: '2025-04-01', orders: 0, revenue: '0.00', aiEnrichments: 2 }]);
    const usage = await reports().aiUsage(tenant.id);
    expect(usage).toEqual([{ tenantId: tenant.id, month: '2025-04-01', enrichments: 2, tokens: 420, credits: 3 }]);

    await redeliver(t, outboxId);
    expect(await reports().dailyStats(tenant.id, '2025-03-31', '2025-04-01')).toEqual(daily);
    expect(await reports().aiUsage(tenant.id)).toEqual(usage);
    const [applied] = await t.db.query<Array<{ n: number }>>(
      'SELECT count(*)::int AS n FROM reporting_applied_events WHERE event_id = $1',
      [outboxId],
    );
    expect(applied.n).toBe(2);
  });
});
