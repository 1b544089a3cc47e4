'use strict';
/**
 * `POST /api/v1/analytics/track` (issue 5): the hottest public path, one call per storefront
 * click. The service: the default rate-limit group (Redis), the JSON body validated (TrackEventDto),
 * the tenant (cached in-process), the product (cached in-process), one BullMQ `Queue.add`; 202.
 * Storing happens in the worker, which this api-role service does not run: jobs stay queued in the
 * bench Redis DB (flushed at each run).
 *
 * Three ceilings in the same rounds: the same Nest/Express app answering a constant body, a bare
 * node:http server doing one Queue.add, and the route a user would write, a plain Nest app
 * validating the body and doing one Queue.add per request (see _intake-ceilings.js).
 */
const { createShop, createProducts } = require('./_seed');
const { nestConstant, nestQueueAdd, queueAdd } = require('./_intake-ceilings');

module.exports = {
  name: 'analytics-track',
  title: '`POST /api/v1/analytics/track` (202)',
  notes:
    'A `cart_add` event with a product and a small metadata object, for a public shop (tenant and product checks are cached in-process after the first request).',

  async setup(ctx) {
    const db = await ctx.db();
    const shop = await createShop(db, 'analytics');
    const [product] = await createProducts(db, shop.tenantId, [{ name: 'Coffee', price: '10.00' }]);
    return { shop, product };
  },

  target: (ctx, state) => ({
    method: 'POST',
    path: '/api/v1/analytics/track',
    headers: { 'content-type': 'application/json' },
    body: { tenant_id: state.shop.tenantId, type: 'cart_add', product_id: state.product.id, metadata: { source: 'bench', position: 3 } },
    expect: { status: 202, body: '{"success":true,"message":"Event accepted."}' },
  }),

  // The last two only in runs with the PostgreSQL-only mode (`npm run bench -- --mode both`).
  ceilings: [nestConstant(), queueAdd(), nestQueueAdd(), nestConstant('postgres-only'), queueAdd('postgres-only')],
  modes: ['redis', 'postgres-only'],

  // Issue 27 (0.9 of nest-constant in issue 14, 0.5 in issue 5): at least twice the req/s of the
  // Nest route a user would write (one validated body, one Queue.add a request), and at least 75 %
  // of the constant-body Nest endpoint's (0.9 was above the floor of a Nest route that validates a
  // body and writes durably: docs/benchmarks.md, analytics-track); p99 under 50 ms at 50 connections.
  targets: { minRatio: { 'nest-queue-add': 2, 'nest-constant': 0.75 }, maxP99Ms: 50 },
  load: { connections: 50 },
};
