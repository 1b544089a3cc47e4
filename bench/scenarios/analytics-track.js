'use strict';
/**
 * `POST /api/v1/analytics/track` (issue 5): the hottest public path, one call per storefront
 * click. The service: the default rate-limit group (Redis), the JSON body validated (TrackEventDto),
 * the tenant (cached in-process), the product (cached in-process), one BullMQ `Queue.add`; 202.
 * Storing happens in the worker, which this api-role service does not run: jobs stay queued in the
 * bench Redis DB (flushed at each run).
 *
 * Two ceilings in the same rounds: the same Nest/Express app answering a constant body, and a bare
 * node:http server doing one Queue.add (see _intake-ceilings.js).
 */
const { createShop, createProducts } = require('./_seed');
const { nestConstant, queueAdd } = require('./_intake-ceilings');

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
  ceilings: [nestConstant(), queueAdd(), nestConstant('postgres-only'), queueAdd('postgres-only')],
  modes: ['redis', 'postgres-only'],

  // Issue 14 (was 0.5 in issue 5): at least 90 % of the constant-body Nest endpoint's req/s, p99
  // under 50 ms at 50 connections.
  targets: { minRatio: { 'nest-constant': 0.9 }, maxP99Ms: 50 },
  load: { connections: 50 },
};
