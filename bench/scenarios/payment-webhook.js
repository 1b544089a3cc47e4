'use strict';
/**
 * `POST /api/webhooks/payment` (issue 5): a signed `payment.confirmed` for an unpaid order, 200.
 * The service: the raw body, the HMAC-SHA256 signature checked (no rate limit on this route), then
 * one statement committing on its own: the log row inserted with its outcome (ON CONFLICT on the
 * event id), the order marked paid and its `paid` event written, shared with the other first
 * deliveries that arrive at the same time (docs/payments-webhook.md).
 *
 * Every request is a distinct event (its own id) for a distinct order: ORDERS unpaid orders are
 * seeded (sized from the run's length) and requests go through them in turn, so each one takes the
 * full path. Past the last order they would wrap around to already-paid orders (a cheaper 200: no
 * update, no event); the teardown says so if that happens. Bodies are signed per request in the
 * load generator with PAYMENT_WEBHOOK_SECRET, which the service gets for this scenario.
 *
 * Two ceilings in the same rounds, as for analytics track (see _intake-ceilings.js).
 */
const { createHmac } = require('node:crypto');
const { createShop, createProducts, createOrders, generated } = require('./_seed');
const { nestConstant, queueAdd } = require('./_intake-ceilings');

const SECRET = 'bench-webhook-secret-0123456789abcdef';
// Enough orders for this rate for the whole run (warm-up included), so none is confirmed twice.
const MAX_RATE = 8000;

function orderCount(config) {
  const seconds = config.warmup + config.rounds * config.duration;
  return Math.min(500_000, Math.ceil(MAX_RATE * seconds) + 100);
}

module.exports = {
  name: 'payment-webhook',
  title: '`POST /api/webhooks/payment` (signed `payment.confirmed`, 200)',
  service: { env: { PAYMENT_WEBHOOK_SECRET: SECRET } },
  notes:
    'Each request is a distinct, correctly signed `payment.confirmed` event for a distinct unpaid order (seeded), so each takes the full path: its log row inserted with its outcome, the order marked paid, its event written, in one statement committing on its own that deliveries arriving together share. The ceilings get the same signed bodies.',

  async setup(ctx) {
    const db = await ctx.db();
    const shop = await createShop(db, 'webhook');
    const products = await createProducts(db, shop.tenantId, [{ name: 'Coffee', price: '10.00' }]);
    const count = orderCount(ctx.config);
    const orderIds = await createOrders(db, { tenantId: shop.tenantId, locationId: shop.locationId, products, count });
    ctx.log(`  seeded ${count.toLocaleString('en-US')} unpaid orders`);
    // Bodies and signatures made up front: signing in the load generator per request would take
    // its CPU from the servers under test (two cores). One distinct event per order.
    const runId = Date.now().toString(36);
    const deliveries = orderIds.map((orderId, i) => {
      const body = JSON.stringify({
        id: `evt_bench_${runId}_${i}`,
        event: 'payment.confirmed',
        data: { order_id: orderId, amount: '10.00', currency: 'HNL' },
      });
      return { body, headers: { 'x-signature': createHmac('sha256', SECRET).update(body).digest('hex') } };
    });
    return { db, shop, deliveries };
  },

  target(ctx, state) {
    state.spec = generated(
      { method: 'POST', path: '/api/webhooks/payment', headers: { 'content-type': 'application/json' }, expect: { status: 200 } },
      (i) => state.deliveries[i % state.deliveries.length],
    );
    return state.spec;
  },

  ceilings: [nestConstant(), queueAdd()],
  // Issue 14: at least 40 % of the constant-body Nest endpoint's req/s.
  targets: { minRatio: { 'nest-constant': 0.4 } },

  async teardown(ctx, state) {
    const sent = state.spec?.generatedCount() ?? 0;
    if (sent > state.deliveries.length) {
      ctx.log(
        `  warning: ${sent - state.deliveries.length} of ${sent} requests confirmed an order already paid (a cheaper path): raise MAX_RATE`,
      );
    }
    const { rows } = await state.db.query(
      `SELECT count(*) FILTER (WHERE payment_status = 'paid')::int AS paid FROM orders WHERE tenant_id = $1`,
      [state.shop.tenantId],
    );
    ctx.log(`  ${rows[0].paid.toLocaleString('en-US')} orders confirmed by ${sent.toLocaleString('en-US')} webhook deliveries`);
  },
};
