'use strict';
/**
 * `GET /api/v1/orders` at two shop sizes (issue 14, item 1): one shop with BENCH_SCALE_ORDERS
 * orders (default 1,000,000) and one with BENCH_SCALE_SMALL (default 1,000), 3 items each, seeded
 * with generate_series. Each request kind (page 1, the last page, `?status=delivered` page 1, a
 * cursor from the middle of the list, and for the record a middle page by offset) is measured at
 * both sizes in alternating rounds (large, small, large, small...); the growth factor is the median
 * of the pairs' large/small ratios, of req/s (inverted: small ÷ large) and of p99. Target: each
 * within 1.5× (the middle page by offset has none: see docs/benchmarks.md). The block also shows
 * the plans PostgreSQL chose at the large size, from EXPLAIN ANALYZE of the service's own statements.
 */
const { chooseTool, toolVersion } = require('../lib/load');
const { median } = require('../lib/stats');
const { dist, seedOrderShop, sizeFromEnv } = require('./_seed');

const PATH = '/api/v1/orders';
const PER_PAGE = 20;
const MAX_GROWTH = 1.5;
const CONNECTIONS = 10;

/** The cursor the service would hand out after the order `position` rows into the list (0-based). */
async function cursorAt(db, tenantId, position) {
  const { rows } = await db.query(
    `SELECT id, (extract(epoch FROM created_at) * 1000000)::bigint::text AS micros FROM orders WHERE tenant_id = $1
      ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT 1`,
    [tenantId, position],
  );
  return Buffer.from(JSON.stringify([PATH, rows[0].micros, rows[0].id])).toString('base64url');
}

/** The request kinds, each as (shop) => { path, window, status } (window: what the service's list statement gets). */
function kinds(pagination) {
  const lastPage = (shop) => Math.max(1, Math.ceil(shop.count / PER_PAGE));
  const offset = (shop, page) => pagination.offsetWindow(shop.count, (page - 1) * PER_PAGE, PER_PAGE);
  return [
    { name: 'page 1', target: true, build: (shop) => ({ path: PATH, window: offset(shop, 1) }) },
    {
      name: 'last page',
      target: true,
      build: (shop) => ({ path: `${PATH}?page=${lastPage(shop)}`, window: offset(shop, lastPage(shop)) }),
    },
    {
      name: '`?status=delivered` page 1',
      target: true,
      build: () => ({
        path: `${PATH}?status=delivered`,
        status: 'delivered',
        window: { kind: 'offset', backward: false, offset: 0, limit: PER_PAGE },
      }),
    },
    {
      name: 'cursor from the middle',
      target: true,
      build: (shop) => ({
        path: `${PATH}?cursor=${shop.middleCursor}`,
        window: { kind: 'after', key: shop.middleKey, limit: PER_PAGE + 1 },
      }),
    },
    {
      name: 'middle page by offset (no target)',
      target: false,
      build: (shop) => {
        const page = Math.ceil(lastPage(shop) / 2);
        return { path: `${PATH}?page=${page}`, window: offset(shop, page) };
      },
    },
  ];
}

const fixed = (n, digits = 2) => (n === null || n === undefined || Number.isNaN(n) ? '—' : n.toFixed(digits));
const int = (n) => Math.round(n).toLocaleString('en-US');

async function explain(db, sql, params) {
  const { rows } = await db.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`, params);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

module.exports = {
  name: 'orders-list-scale',
  title: '`GET /api/v1/orders` at 1,000 and at 1,000,000 orders: growth factors',

  async run(ctx, config, { alternate, log }) {
    const large = sizeFromEnv('BENCH_SCALE_ORDERS', 1_000_000);
    const small = sizeFromEnv('BENCH_SCALE_SMALL', 1_000);
    const pagination = dist('common/http/pagination');
    const { listOrdersStatement } = dist('modules/orders/persistence/orders.repository');
    const { LIST_TOTAL } = dist('infra/database/list-counts');
    const db = await ctx.db();
    const seedStarted = Date.now();
    const shops = { small: await seedOrderShop(db, 'scale-small', small, log), large: await seedOrderShop(db, 'scale-large', large, log) };
    await db.query('VACUUM (ANALYZE) orders, order_items, list_counts');
    const seedSeconds = (Date.now() - seedStarted) / 1000;
    for (const shop of Object.values(shops)) {
      shop.middleCursor = await cursorAt(db, shop.tenantId, Math.floor(shop.count / 2));
      shop.middleKey = pagination.decodeCursor(PATH, shop.middleCursor, ['timestamp', 'int']);
    }

    const headers = (shop) => ({ authorization: `Bearer ${shop.token}` });
    const results = [];
    for (const kind of kinds(pagination)) {
      const request = (shop) => ({ method: 'GET', path: kind.build(shop).path, headers: headers(shop), expect: { status: 200 } });
      for (const shop of Object.values(shops)) {
        const res = await ctx.request(request(shop).path, { headers: headers(shop) });
        const page = JSON.parse(res.body);
        if (res.status !== 200 || page.data.length !== PER_PAGE) {
          throw new Error(`orders-list-scale: ${kind.name} at ${shop.count}: ${res.status} ${res.body.slice(0, 300)}`);
        }
      }
      const spec = request(shops.large);
      const tool = chooseTool(config.tool, spec);
      const load = { tool, connections: CONNECTIONS, duration: config.duration, pipelining: 1, threads: config.threads };
      log(`  ${kind.name}: ${large.toLocaleString('en-US')} orders against ${small.toLocaleString('en-US')}, ${config.rounds} rounds`);
      const { pairs, summary } = await alternate({
        target: { url: ctx.service.url, pid: ctx.service.pid, spec },
        ceilings: [{ name: `${small}`, url: ctx.service.url, pid: ctx.service.pid, spec: request(shops.small) }],
        load,
        rounds: config.rounds,
        warmup: config.warmup,
        log,
      });
      const reqGrowth = median(pairs.map((p) => p.ceiling.reqPerSec / p.target.reqPerSec));
      const p99Growth = median(pairs.map((p) => p.target.p99Ms / p.ceiling.p99Ms));
      const built = kind.build(shops.large);
      const statement = listOrdersStatement(shops.large.tenantId, built.status, built.window);
      const plans = {
        total: await explain(db, LIST_TOTAL, [shops.large.tenantId, 'orders', built.status ?? '']),
        page: await explain(db, statement.sql, statement.params),
      };
      results.push({ kind, summary, reqGrowth, p99Growth, plans, toolVersion: toolVersion(tool), path: built.path });
    }

    const checks = results
      .filter((r) => r.kind.target)
      .flatMap((r) => [
        { what: `${r.kind.name} req/s growth ≤ ${MAX_GROWTH}`, pass: r.reqGrowth <= MAX_GROWTH },
        { what: `${r.kind.name} p99 growth ≤ ${MAX_GROWTH}`, pass: r.p99Growth <= MAX_GROWTH },
      ]);
    const check = { checks, pass: checks.every((c) => c.pass) };
    const date = new Date()
      .toISOString()
      .replace('T', ' ')
      .replace(/\.\d+Z$/, ' UTC');
    const sizes = `${small.toLocaleString('en-US')} / ${large.toLocaleString('en-US')}`;
    const lines = results.map(
      (r) =>
        `  ${r.kind.name.padEnd(36)} req/s ${int(r.summary.ceilingReqPerSec)} → ${int(r.summary.targetReqPerSec)} (growth ${fixed(r.reqGrowth)}×), p99 ${fixed(r.summary.ceilingP99Ms, 1)} → ${fixed(r.summary.targetP99Ms, 1)} ms (growth ${fixed(r.p99Growth)}×)`,
    );
    lines.push(
      `  target: ${check.pass ? 'PASS' : 'FAIL'} (${
        checks
          .filter((c) => !c.pass)
          .map((c) => `${c.what} missed`)
          .join(', ') || 'all met'
      })`,
    );
    const markdown = [
      `### orders-list-scale: ${module.exports.title.replace('1,000,000', large.toLocaleString('en-US')).replace('1,000 ', `${small.toLocaleString('en-US')} `)}`,
      '',
      `Two shops, ${sizes} orders of 3 items each (seeded with \`generate_series\` in ${seedSeconds.toFixed(0)} s, then \`VACUUM ANALYZE\`), ` +
        `statuses in turn (a sixth delivered), the owner's bearer token; ${CONNECTIONS} connections, ${config.rounds} pairs of ${config.duration} s ` +
        `per kind (large, then small; ${config.warmup} s warm-up each), ${results[0].toolVersion}. Growth = median over the pairs of ` +
        `small ÷ large req/s, and of large ÷ small p99. Target: each ≤ ${MAX_GROWTH}× for the first four kinds.`,
      '',
      `| request (${sizes} orders) | req/s small | req/s large | req/s growth | p99 small | p99 large | p99 growth |`,
      '|---|---:|---:|---:|---:|---:|---:|',
      ...results.map(
        (r) =>
          `| ${r.kind.name} | ${int(r.summary.ceilingReqPerSec)} | ${int(r.summary.targetReqPerSec)} | **${fixed(r.reqGrowth)}×** | ${fixed(r.summary.ceilingP99Ms, 1)} ms | ${fixed(r.summary.targetP99Ms, 1)} ms | **${fixed(r.p99Growth)}×** |`,
      ),
      '',
      `| figure | value |`,
      '|---|---|',
      `| target | **${check.pass ? 'PASS' : 'FAIL'}**${
        check.pass
          ? ''
          : ` (${checks
              .filter((c) => !c.pass)
              .map((c) => `${c.what} missed`)
              .join(', ')})`
      } |`,
      `| date | ${date} |`,
      `| machine | ${require('node:os').cpus().length} cores, shared and noisy; loopback |`,
      '',
      `Plans at ${large.toLocaleString('en-US')} orders (EXPLAIN ANALYZE of the service's own statements, run once after the rounds):`,
      '',
      ...results.flatMap((r) => [
        `<details><summary>${r.kind.name} (<code>${r.path.replace(/cursor=[^&]+/, 'cursor=…')}</code>)</summary>`,
        '',
        'Total (counters):',
        '',
        '```',
        r.plans.total,
        '```',
        '',
        'Page:',
        '',
        '```',
        r.plans.page,
        '```',
        '',
        '</details>',
        '',
      ]),
    ].join('\n');
    return { name: module.exports.name, title: module.exports.title, markdown, lines, check };
  },
};
