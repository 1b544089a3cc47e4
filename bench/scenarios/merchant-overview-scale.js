'use strict';
/**
 * `GET /api/v1/merchant/overview` at two shop sizes (decisions §17: its cost may grow at most 1.5×
 * from 1,000 to 1,000,000 orders): one shop with BENCH_SCALE_ORDERS orders (default 1,000,000) and
 * one with BENCH_SCALE_SMALL (default 1,000), 3 items each, seeded with generate_series and spread
 * evenly over the last 45 days (so both fill the 30-day window), statuses in turn (a sixth
 * cancelled); their rollups (`order_stats`) are then counted by the migration's own backfill. Each
 * request kind (`tz` UTC, America/Tegucigalpa, Asia/Kathmandu) is measured at both sizes in
 * alternating rounds; the growth factor is the median of the pairs' large/small ratios of req/s
 * (inverted) and of p99. Target: each within 1.5×. The block also shows the plans PostgreSQL chose
 * at the large size, from EXPLAIN ANALYZE of the service's own statements.
 */
const { chooseTool, toolVersion } = require('../lib/load');
const { median } = require('../lib/stats');
const { dist, seedOrderShop, sizeFromEnv } = require('./_seed');

const PATH = '/api/v1/merchant/overview';
const MAX_GROWTH = 1.5;
const CONNECTIONS = 10;
const SPREAD_SECONDS = 45 * 86_400;

/** A shop with `count` orders spread evenly over the last 45 days, and its rollups. */
function seedShop(db, label, count, log) {
  return seedOrderShop(db, label, count, log, { spreadSeconds: SPREAD_SECONDS, rollups: true });
}

const KINDS = ['UTC', 'America/Tegucigalpa', 'Asia/Kathmandu'];

const fixed = (n, digits = 2) => (n === null || n === undefined || Number.isNaN(n) ? '—' : n.toFixed(digits));
const int = (n) => Math.round(n).toLocaleString('en-US');

async function explain(db, sql, params) {
  const { rows } = await db.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`, params);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

/** The overview's statements as the service sends them (OrderStatsRepository), for EXPLAIN. */
function statements(tenantId, tz) {
  const { OrderStatsRepository } = dist('modules/orders/persistence/order-stats.repository');
  const captured = [];
  const capture = { query: (sql, params) => (captured.push({ sql, params }), Promise.resolve([])) };
  const repository = new OrderStatsRepository(capture);
  return Promise.all([repository.daily(tenantId, tz), repository.topProducts(tenantId, tz, 5)]).then(() => captured);
}

module.exports = {
  name: 'merchant-overview-scale',
  title: '`GET /api/v1/merchant/overview` at 1,000 and at 1,000,000 orders: growth factors',

  async run(ctx, config, { alternate, log }) {
    const large = sizeFromEnv('BENCH_SCALE_ORDERS', 1_000_000);
    const small = sizeFromEnv('BENCH_SCALE_SMALL', 1_000);
    const db = await ctx.db();
    const seedStarted = Date.now();
    const shops = { small: await seedShop(db, 'overview-small', small, log), large: await seedShop(db, 'overview-large', large, log) };
    await db.query('VACUUM (ANALYZE) orders, order_items, order_stats, list_counts');
    // Millions of freshly written rows are still being flushed by the checkpointer: without this,
    // the first rounds measured the disk, not the overview (34 req/s at 1M in the first round).
    await db.query('CHECKPOINT');
    const seedSeconds = (Date.now() - seedStarted) / 1000;

    const headers = (shop) => ({ authorization: `Bearer ${shop.token}` });
    const pathFor = (tz) => `${PATH}?tz=${encodeURIComponent(tz)}`;
    const results = [];
    for (const tz of KINDS) {
      const request = (shop) => ({ method: 'GET', path: pathFor(tz), headers: headers(shop), expect: { status: 200 } });
      for (const shop of Object.values(shops)) {
        const res = await ctx.request(pathFor(tz), { headers: headers(shop) });
        const body = JSON.parse(res.body);
        if (res.status !== 200 || body.data.daily.length !== 30 || body.data.top_products.length !== 3) {
          throw new Error(`merchant-overview-scale: tz ${tz} at ${shop.count}: ${res.status} ${res.body.slice(0, 300)}`);
        }
      }
      const spec = request(shops.large);
      const tool = chooseTool(config.tool, spec);
      const load = { tool, connections: CONNECTIONS, duration: config.duration, pipelining: 1, threads: config.threads };
      log(`  tz ${tz}: ${large.toLocaleString('en-US')} orders against ${small.toLocaleString('en-US')}, ${config.rounds} rounds`);
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
      const plans = [];
      for (const statement of await statements(shops.large.tenantId, tz)) {
        plans.push(await explain(db, statement.sql.replace(/^\/\*[^*]*\*\/\s*/, ''), statement.params));
      }
      results.push({ tz, summary, reqGrowth, p99Growth, plans, toolVersion: toolVersion(tool) });
    }

    const checks = results.flatMap((r) => [
      { what: `tz ${r.tz} req/s growth ≤ ${MAX_GROWTH}`, pass: r.reqGrowth <= MAX_GROWTH },
      { what: `tz ${r.tz} p99 growth ≤ ${MAX_GROWTH}`, pass: r.p99Growth <= MAX_GROWTH },
    ]);
    const check = { checks, pass: checks.every((c) => c.pass) };
    const failed = checks.filter((c) => !c.pass).map((c) => `${c.what} missed`);
    const date = new Date()
      .toISOString()
      .replace('T', ' ')
      .replace(/\.\d+Z$/, ' UTC');
    const sizes = `${small.toLocaleString('en-US')} / ${large.toLocaleString('en-US')}`;
    const lines = results.map(
      (r) =>
        `  tz ${r.tz.padEnd(22)} req/s ${int(r.summary.ceilingReqPerSec)} → ${int(r.summary.targetReqPerSec)} (growth ${fixed(r.reqGrowth)}×), p99 ${fixed(r.summary.ceilingP99Ms, 1)} → ${fixed(r.summary.targetP99Ms, 1)} ms (growth ${fixed(r.p99Growth)}×)`,
    );
    lines.push(`  target: ${check.pass ? 'PASS' : 'FAIL'} (${failed.join(', ') || 'all met'})`);
    const markdown = [
      `### merchant-overview-scale: ${module.exports.title.replace('1,000,000', large.toLocaleString('en-US')).replace('1,000 ', `${small.toLocaleString('en-US')} `)}`,
      '',
      `Two shops, ${sizes} orders of 3 items each spread evenly over the last 45 days (seeded with \`generate_series\` and the ` +
        `rollups' backfill in ${seedSeconds.toFixed(0)} s, then \`VACUUM ANALYZE\`), statuses in turn (a sixth cancelled), the owner's ` +
        `bearer token; ${CONNECTIONS} connections, ${config.rounds} pairs of ${config.duration} s per time zone (large, then small; ` +
        `${config.warmup} s warm-up each), ${results[0].toolVersion}. Growth = median over the pairs of small ÷ large req/s, and of ` +
        `large ÷ small p99. Target: each ≤ ${MAX_GROWTH}×.`,
      '',
      `| \`tz\` (${sizes} orders) | req/s small | req/s large | req/s growth | p99 small | p99 large | p99 growth |`,
      '|---|---:|---:|---:|---:|---:|---:|',
      ...results.map(
        (r) =>
          `| ${r.tz} | ${int(r.summary.ceilingReqPerSec)} | ${int(r.summary.targetReqPerSec)} | **${fixed(r.reqGrowth)}×** | ${fixed(r.summary.ceilingP99Ms, 1)} ms | ${fixed(r.summary.targetP99Ms, 1)} ms | **${fixed(r.p99Growth)}×** |`,
      ),
      '',
      `| figure | value |`,
      '|---|---|',
      `| target | **${check.pass ? 'PASS' : 'FAIL'}**${check.pass ? '' : ` (${failed.join(', ')})`} |`,
      `| date | ${date} |`,
      `| machine | ${require('node:os').cpus().length} cores, shared and noisy; loopback |`,
      '',
      `Plans at ${large.toLocaleString('en-US')} orders (EXPLAIN ANALYZE of the service's own statements, run once after the rounds):`,
      '',
      ...results.flatMap((r) => [
        `<details><summary>tz ${r.tz}</summary>`,
        '',
        'Daily figures:',
        '',
        '```',
        r.plans[0],
        '```',
        '',
        'Top products:',
        '',
        '```',
        r.plans[1],
        '```',
        '',
        '</details>',
        '',
      ]),
    ].join('\n');
    return { name: module.exports.name, title: module.exports.title, markdown, lines, check };
  },
};

// The shop seeding, for the dashboard's budgets at the same scale (bench/scenarios/dashboard-budgets.js).
module.exports.seedShop = seedShop;
