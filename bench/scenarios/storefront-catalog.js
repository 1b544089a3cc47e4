'use strict';
/**
 * The public catalog (decisions §18) at two shop sizes: `GET /api/v1/storefront/{slug}/products`
 * for one shop with BENCH_STOREFRONT_PRODUCTS products (default 100,000) and one with
 * BENCH_STOREFRONT_SMALL (default 100), seeded with generate_series, a hundredth of them with a live
 * checkout hold. Each request kind (page 1, a cursor page from the middle of the list, a search that
 * matches 10 products, a search that matches every product) is measured at both sizes in
 * alternating rounds; the growth factor is the median of the pairs' large/small ratios, of req/s
 * (inverted: small ÷ large) and of p99. Target: each within 1.5×. The block also shows the plans
 * PostgreSQL chose at the large size, from EXPLAIN ANALYZE of the service's own statement.
 */
const { chooseTool, toolVersion } = require('../lib/load');
const { median } = require('../lib/stats');
const { createShop, dist, sizeFromEnv } = require('./_seed');

const PER_PAGE = 24;
const MAX_GROWTH = 1.5;
const CONNECTIONS = 10;
/** Products whose name holds this word: exactly 10 in either shop. */
const RARE_WORD = 'guayaba';

/**
 * A shop with `count` active products ("Producto 000123", a description, stock 0–19 in turn), ten of
 * them spread over the list named "Guayaba …", and a live hold on every hundredth. Names are ASCII,
 * so their keys (lower-case, no accents) are `lower(name)`.
 */
async function seedShop(db, label, count, log) {
  const started = Date.now();
  const shop = await createShop(db, label);
  const every = Math.floor(count / 10);
  await db.query('BEGIN');
  await db.query('SET LOCAL synchronous_commit = off');
  await db.query(
    `INSERT INTO products (tenant_id, name, description, price, stock, name_key, description_key)
     SELECT $1, n.name, 'Hecho a mano en Tegucigalpa', 10 + g % 90, g % 20, lower(n.name), 'hecho a mano en tegucigalpa'
       FROM generate_series(1, $2::int) AS g,
            LATERAL (SELECT CASE WHEN g % $3::int = 0 THEN 'Guayaba ' ELSE 'Producto ' END || lpad(g::text, 7, '0') AS name) AS n`,
    [shop.tenantId, count, every],
  );
  await db.query(
    `INSERT INTO inventory_holds (tenant_id, session_id, client_ip, product_id, quantity, first_held_at, expires_at)
     SELECT $1, 'bench-' || id, '10.0.0.1', id, 1, now(), now() + interval '1 day'
       FROM products WHERE tenant_id = $1 AND id % 100 = 0`,
    [shop.tenantId],
  );
  await db.query('COMMIT');
  log(`  seeded ${count.toLocaleString('en-US')} products in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { ...shop, count };
}

/** The row `position` rows into the shop's storefront order (0-based), as the list's cursor and its key. */
async function cursorAt(db, tenantId, position, encodeCursor) {
  const { rows } = await db.query(
    'SELECT name_key, id FROM products WHERE tenant_id = $1 AND is_active ORDER BY name_key, id OFFSET $2 LIMIT 1',
    [tenantId, position],
  );
  return {
    cursor: encodeCursor('storefront-products', [rows[0].name_key, rows[0].id]),
    key: { nameKey: rows[0].name_key, id: rows[0].id },
  };
}

const path = (shop, query) => `/api/v1/storefront/${shop.slug}/products${query}`;

/** The request kinds, each as (shop) => { path, page: what the service's statement gets, rows: the page's expected size }. */
const KINDS = [
  { name: 'page 1', build: (shop) => ({ path: path(shop, ''), page: { search: null, after: null }, rows: PER_PAGE }) },
  {
    name: 'cursor from the middle',
    build: (shop) => ({
      path: path(shop, `?cursor=${shop.middle.cursor}`),
      page: { search: null, after: shop.middle.key },
      rows: PER_PAGE,
    }),
  },
  {
    name: `search \`${RARE_WORD}\` (10 matches)`,
    build: (shop) => ({ path: path(shop, `?q=${RARE_WORD}`), page: { search: RARE_WORD, after: null }, rows: 10 }),
  },
  {
    name: 'search `tegucigalpa` (every product)',
    build: (shop) => ({ path: path(shop, '?q=Tegucigalpa'), page: { search: 'tegucigalpa', after: null }, rows: PER_PAGE }),
  },
];

const fixed = (n, digits = 2) => (n === null || n === undefined || Number.isNaN(n) ? '—' : n.toFixed(digits));
const int = (n) => Math.round(n).toLocaleString('en-US');

/**
 * EXPLAIN ANALYZE of each statement the service sends for `page`: its own repository, run on the
 * bench database (a search sends a second statement only when the first did not fill the page).
 */
async function explainPage(db, tenantId, page) {
  const { ProductsRepository } = dist('modules/catalog/persistence/products.repository');
  const sent = [];
  const repository = new ProductsRepository({
    query: async (sql, params) => {
      sent.push({ sql, params });
      return (await db.query(sql, params)).rows;
    },
  });
  await repository.storefrontPage(tenantId, { ...page, limit: PER_PAGE + 1 });
  const plans = [];
  for (const { sql, params } of sent) {
    const { rows } = await db.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`, params);
    plans.push(rows.map((row) => row['QUERY PLAN']).join('\n'));
  }
  return plans.join(`\n\n-- then, the page not full: --\n\n`);
}

module.exports = {
  name: 'storefront-catalog',
  title: '`GET /api/v1/storefront/{slug}/products` at 100 and at 100,000 products: growth factors',

  async run(ctx, config, { alternate, log }) {
    const large = sizeFromEnv('BENCH_STOREFRONT_PRODUCTS', 100_000);
    const small = sizeFromEnv('BENCH_STOREFRONT_SMALL', 100);
    const { encodeCursor } = dist('common/http/pagination');
    const db = await ctx.db();
    const seedStarted = Date.now();
    const shops = { small: await seedShop(db, 'catalog-small', small, log), large: await seedShop(db, 'catalog-large', large, log) };
    await db.query('VACUUM (ANALYZE) products, inventory_holds');
    const seedSeconds = (Date.now() - seedStarted) / 1000;
    for (const shop of Object.values(shops)) shop.middle = await cursorAt(db, shop.tenantId, Math.floor(shop.count / 2), encodeCursor);

    const results = [];
    for (const kind of KINDS) {
      const request = (shop) => ({ method: 'GET', path: kind.build(shop).path, expect: { status: 200 } });
      for (const shop of Object.values(shops)) {
        const res = await ctx.request(request(shop).path);
        const page = JSON.parse(res.body);
        if (res.status !== 200 || page.data.length !== kind.build(shop).rows) {
          throw new Error(`storefront-catalog: ${kind.name} at ${shop.count}: ${res.status} ${res.body.slice(0, 300)}`);
        }
      }
      const spec = request(shops.large);
      const tool = chooseTool(config.tool, spec);
      const load = { tool, connections: CONNECTIONS, duration: config.duration, pipelining: 1, threads: config.threads };
      log(`  ${kind.name}: ${large.toLocaleString('en-US')} products against ${small.toLocaleString('en-US')}, ${config.rounds} rounds`);
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
      const plan = await explainPage(db, shops.large.tenantId, built.page);
      results.push({ kind, summary, reqGrowth, p99Growth, plan, toolVersion: toolVersion(tool), path: built.path });
    }

    const checks = results.flatMap((r) => [
      { what: `${r.kind.name} req/s growth ≤ ${MAX_GROWTH}`, pass: r.reqGrowth <= MAX_GROWTH },
      { what: `${r.kind.name} p99 growth ≤ ${MAX_GROWTH}`, pass: r.p99Growth <= MAX_GROWTH },
    ]);
    const check = { checks, pass: checks.every((c) => c.pass) };
    const missed = checks
      .filter((c) => !c.pass)
      .map((c) => `${c.what} missed`)
      .join(', ');
    const date = new Date()
      .toISOString()
      .replace('T', ' ')
      .replace(/\.\d+Z$/, ' UTC');
    const sizes = `${small.toLocaleString('en-US')} / ${large.toLocaleString('en-US')}`;
    const lines = results.map(
      (r) =>
        `  ${r.kind.name.padEnd(40)} req/s ${int(r.summary.ceilingReqPerSec)} → ${int(r.summary.targetReqPerSec)} (growth ${fixed(r.reqGrowth)}×), p99 ${fixed(r.summary.ceilingP99Ms, 1)} → ${fixed(r.summary.targetP99Ms, 1)} ms (growth ${fixed(r.p99Growth)}×)`,
    );
    lines.push(`  target: ${check.pass ? 'PASS' : 'FAIL'} (${missed || 'all met'})`);
    const markdown = [
      `### storefront-catalog: ${module.exports.title.replace('100,000', large.toLocaleString('en-US')).replace('100 ', `${small.toLocaleString('en-US')} `)}`,
      '',
      `Two shops, ${sizes} active products (seeded with \`generate_series\` in ${seedSeconds.toFixed(0)} s, a live hold on every ` +
        `hundredth, then \`VACUUM ANALYZE\`), no token; ${CONNECTIONS} connections, ${config.rounds} pairs of ${config.duration} s per kind ` +
        `(large, then small; ${config.warmup} s warm-up each), ${results[0].toolVersion}. Growth = median over the pairs of small ÷ large ` +
        `req/s, and of large ÷ small p99. Target: each ≤ ${MAX_GROWTH}×.`,
      '',
      `| request (${sizes} products) | req/s small | req/s large | req/s growth | p99 small | p99 large | p99 growth |`,
      '|---|---:|---:|---:|---:|---:|---:|',
      ...results.map(
        (r) =>
          `| ${r.kind.name} | ${int(r.summary.ceilingReqPerSec)} | ${int(r.summary.targetReqPerSec)} | **${fixed(r.reqGrowth)}×** | ${fixed(r.summary.ceilingP99Ms, 1)} ms | ${fixed(r.summary.targetP99Ms, 1)} ms | **${fixed(r.p99Growth)}×** |`,
      ),
      '',
      `| figure | value |`,
      '|---|---|',
      `| target | **${check.pass ? 'PASS' : 'FAIL'}**${check.pass ? '' : ` (${missed})`} |`,
      `| date | ${date} |`,
      `| machine | ${require('node:os').cpus().length} cores, shared and noisy; loopback |`,
      '',
      `Plans at ${large.toLocaleString('en-US')} products (EXPLAIN ANALYZE of the service's own statement, run once after the rounds):`,
      '',
      ...results.flatMap((r) => [
        `<details><summary>${r.kind.name} (<code>${r.path.replace(/cursor=[^&]+/, 'cursor=…').replace(/\/storefront\/[^/]+\//, '/storefront/{slug}/')}</code>)</summary>`,
        '',
        '```',
        r.plan,
        '```',
        '',
        '</details>',
        '',
      ]),
    ].join('\n');
    return { name: module.exports.name, title: module.exports.title, markdown, lines, check };
  },
};
