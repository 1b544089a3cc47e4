'use strict';
/**
 * `GET /api/v1/notifications` (issue 11): page 1 (10 notifications, unread first, then newest) of
 * a shop owner with 1,000 notifications, with the owner's bearer token. The service: the token read
 * (the request context guard), the rate-limit counter (Redis), query validation, then the
 * list's total (counters) and page through the query bus, one after the other, and the Paginator's
 * envelope.
 *
 * The ceiling is a bare node:http + pg server (bench/servers/notifications-list.js) running the
 * same two statements on a pool of the same size and answering the same bytes (checked before the
 * rounds). It does not authenticate: the service's token read counts against the service.
 */
const path = require('node:path');
const { childServer } = require('../lib/ceilings');
const { request } = require('../lib/http');
const { sameAnswerInEveryMode, createShop } = require('./_seed');

const NOTIFICATIONS = 1000;
const PER_PAGE = 10;

/**
 * `count` new_order notifications of one user in one statement: created a minute apart (newest
 * first in g), every third one read five minutes after it arrived, so the listing's unread-first
 * order has both halves to sort; `data` as NewOrderNotification writes it.
 */
async function createNotifications(db, { userId, tenantId, appUrl, count }) {
  await db.query(
    `INSERT INTO notifications (user_id, tenant_id, type, data, dedupe_key, read_at, created_at)
     SELECT $1, $2, 'new_order',
            jsonb_build_object('order_id', 1000 + g, 'order_number', (1000 + g)::text, 'customer_name', 'Bench Customer ' || g,
                               'total', 61.75, 'currency', 'HNL', 'url', $3 || '/dashboard/orders/' || (1000 + g)),
            'order-placed.' || g,
            CASE WHEN g % 3 = 0 THEN now() - make_interval(mins => g) + interval '5 minutes' END,
            now() - make_interval(mins => g)
       FROM generate_series(1, $4::int) AS g`,
    [userId, tenantId, appUrl, count],
  );
}

module.exports = {
  name: 'notifications-list',
  title: '`GET /api/v1/notifications` (page 1 of 1,000 notifications, bearer auth; 200)',
  notes: `A shop owner with ${NOTIFICATIONS.toLocaleString('en-US')} \`new_order\` notifications, a third of them read, created a minute apart; page 1 is the ${PER_PAGE} newest unread. The ceiling answers the same bytes (compared before the rounds) but does not authenticate.`,

  async setup(ctx) {
    const db = await ctx.db();
    const shop = await createShop(db, 'notifications-list');
    await createNotifications(db, { userId: shop.ownerId, tenantId: shop.tenantId, appUrl: ctx.service.env.APP_URL, count: NOTIFICATIONS });
    await db.query('ANALYZE notifications');
    const res = await ctx.request('/api/v1/notifications', { headers: { authorization: `Bearer ${shop.token}` } });
    if (res.status !== 200) throw new Error(`notifications-list set-up: expected 200, got ${res.status} ${res.body.slice(0, 300)}`);
    const page = JSON.parse(res.body);
    if (page.meta.total !== NOTIFICATIONS || page.data.length !== PER_PAGE || page.data.some((n) => n.read_at !== null))
      throw new Error(`notifications-list set-up: unexpected page ${JSON.stringify(page.meta)}`);
    await sameAnswerInEveryMode(ctx, '/api/v1/notifications', { authorization: `Bearer ${shop.token}` }, res.body);
    return { shop, body: res.body };
  },

  target: (ctx, state) => ({
    method: 'GET',
    path: '/api/v1/notifications',
    headers: { authorization: `Bearer ${state.shop.token}` },
    expect: { status: 200 },
  }),

  ceiling: childServer({
    name: 'node:http+pg',
    description:
      "bare `node:http` + `pg` server (bench/servers/notifications-list.js): the same page and count queries on a pool of the service's size, the same JSON envelope, no authentication",
    script: path.join(__dirname, '..', 'servers', 'notifications-list.js'),
    options: (ctx, state) => ({
      args: [
        JSON.stringify({
          databaseUrl: ctx.databaseUrl,
          userId: state.shop.ownerId,
          appUrl: ctx.service.env.APP_URL,
          poolSize: Number(ctx.service.env.DATABASE_POOL_SIZE ?? 10),
        }),
      ],
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production' },
      expect: { status: 200 },
      async check(url) {
        const res = await request(new URL('/api/v1/notifications', url));
        if (res.status !== 200 || res.body !== state.body) {
          throw new Error(
            `notifications-list: the ceiling's answer differs from the service's\nservice: ${state.body.slice(0, 400)}\nceiling: ${res.body.slice(0, 400)}`,
          );
        }
      },
    }),
  }),

  // Issue 11: the list at least half of the bare server.
  targets: { minRatio: 0.5 },
  modes: ['redis', 'postgres-only'],
};
