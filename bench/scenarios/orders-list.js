'use strict';
/**
 * `GET /api/v1/orders` (issue 4): page 1 (20 orders, 3 items each) of a shop with 1,000 orders,
 * as its owner (bearer token). The service: the token read (the request context guard), the
 * rate-limit counter (Redis), the tenant access guard (no order id on this route: no query), query
 * validation, then the total (counters) and the ListOrders page (ids first, then those orders with
 * json_agg items), and the page envelope.
 *
 * The ceiling is a bare node:http + pg server (bench/servers/orders-list.js) running the same two
 * statements on a pool of the same size and answering the same bytes (checked before the rounds). It
 * does not authenticate: the service's token read counts against the service.
 */
const path = require('node:path');
const { childServer } = require('../lib/ceilings');
const { request } = require('../lib/http');
const { sameAnswerInEveryMode, createShop, createProducts, createOrders } = require('./_seed');

const ORDERS = 1000;

module.exports = {
  name: 'orders-list',
  title: '`GET /api/v1/orders` (page 1 of 1,000 orders, bearer auth; 200)',
  notes: `A shop with ${ORDERS.toLocaleString('en-US')} orders of 3 items each; page 1 is 20 orders. The ceiling answers the same bytes (compared before the rounds) but does not authenticate.`,

  async setup(ctx) {
    const db = await ctx.db();
    const shop = await createShop(db, 'orders-list');
    const products = await createProducts(db, shop.tenantId, [
      { name: 'Coffee', price: '10.00' },
      { name: 'Bagel', price: '20.50' },
      { name: 'Juice', price: '30.25' },
    ]);
    await createOrders(db, { tenantId: shop.tenantId, locationId: shop.locationId, products, count: ORDERS });
    await db.query('ANALYZE orders; ANALYZE order_items');
    const res = await ctx.request('/api/v1/orders', { headers: { authorization: `Bearer ${shop.token}` } });
    if (res.status !== 200) throw new Error(`orders-list set-up: expected 200, got ${res.status} ${res.body.slice(0, 300)}`);
    const page = JSON.parse(res.body);
    if (page.meta.total !== ORDERS || page.data.length !== 20)
      throw new Error(`orders-list set-up: unexpected page ${JSON.stringify(page.meta)}`);
    await sameAnswerInEveryMode(ctx, '/api/v1/orders', { authorization: `Bearer ${shop.token}` }, res.body);
    return { shop, body: res.body };
  },

  target: (ctx, state) => ({
    method: 'GET',
    path: '/api/v1/orders',
    headers: { authorization: `Bearer ${state.shop.token}` },
    expect: { status: 200 },
  }),

  ceiling: childServer({
    name: 'node:http+pg',
    description:
      "bare `node:http` + `pg` server (bench/servers/orders-list.js): the same page and count queries on a pool of the service's size, the same JSON envelope, no authentication",
    script: path.join(__dirname, '..', 'servers', 'orders-list.js'),
    options: (ctx, state) => ({
      args: [
        JSON.stringify({
          databaseUrl: ctx.databaseUrl,
          tenantId: state.shop.tenantId,
          appUrl: ctx.service.env.APP_URL,
          poolSize: Number(ctx.service.env.DATABASE_POOL_SIZE ?? 10),
        }),
      ],
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production' },
      expect: { status: 200 },
      async check(url) {
        const res = await request(new URL('/api/v1/orders', url));
        if (res.status !== 200 || res.body !== state.body) {
          throw new Error(
            `orders-list: the ceiling's answer differs from the service's\nservice: ${state.body.slice(0, 400)}\nceiling: ${res.body.slice(0, 400)}`,
          );
        }
      },
    }),
  }),

  // Issue 4: the list at least 40 % of the bare server.
  targets: { minRatio: 0.4 },
  modes: ['redis', 'postgres-only'],
};
