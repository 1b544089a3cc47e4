'use strict';
/**
 * The public catalog served from memory (docs/storefront.md, "Served from memory"):
 * `GET /api/v1/storefront/{slug}/products?limit=24`, one page of 24 from a shop of 1,000 active
 * products, at 50 connections. Ceiling: the same Nest app answering the same bytes with the same
 * headers from a constant route (bench/servers/nest-catalog.js). Targets: ≥ 0.6 of it, p99 ≤ 50 ms.
 *
 * After the rounds, the PostgreSQL statements per warm request, from PostgreSQL's own counters:
 * `pg_stat_database` (xact_commit + xact_rollback of the bench database; every statement sent
 * outside a transaction is one) over a window of load on the target, less the same counters over an
 * idle window of the same length (what the service and the ceiling do anyway: pools, the channel).
 * A backend reports its counters at most once a second, and 10 s after it went idle, so each
 * reading waits 11 s first.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { childServer } = require('../lib/ceilings');
const { runLoad, chooseTool } = require('../lib/load');
const { SERVICE_NODE_FLAGS } = require('../lib/service');
const { createShop } = require('./_seed');

const PRODUCTS = 1_000;
const STATS_REPORTED_MS = 11_000;
const WINDOW_SECONDS = 5;
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function transactions(db) {
  const { rows } = await db.query('SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()');
  return Number(rows[0].n);
}

/** Statements per warm request: a loaded window less an idle one of the same length. */
async function statementsPerRequest(ctx, state) {
  const db = await ctx.db();
  const spec = { method: 'GET', path: state.path, expect: { status: 200 } };
  const load = {
    tool: chooseTool(ctx.config.tool, spec),
    connections: 50,
    duration: WINDOW_SECONDS,
    pipelining: 1,
    threads: ctx.config.threads,
  };
  await pause(STATS_REPORTED_MS);
  const idleFrom = await transactions(db);
  await pause(WINDOW_SECONDS * 1000 + STATS_REPORTED_MS);
  const idle = (await transactions(db)) - idleFrom;
  const from = await transactions(db);
  const result = await runLoad({ ...load, baseUrl: ctx.service.url, spec });
  await pause(STATS_REPORTED_MS);
  const loaded = (await transactions(db)) - from;
  const requests = result.completed;
  const net = Math.max(0, loaded - idle);
  return { idle, loaded, requests, perRequest: net / requests };
}

module.exports = {
  name: 'storefront-catalog-throughput',
  title: '`GET /api/v1/storefront/{slug}/products?limit=24` (1,000 products, from memory; 200)',

  async setup(ctx) {
    const db = await ctx.db();
    const shop = await createShop(db, 'catalog-throughput');
    await db.query(
      `INSERT INTO products (tenant_id, name, description, price, stock, name_key, description_key)
       SELECT $1, 'Producto ' || lpad(g::text, 4, '0'), 'Hecho a mano en Tegucigalpa', 10 + g % 90, g % 20,
              'producto ' || lpad(g::text, 4, '0'), 'hecho a mano en tegucigalpa'
         FROM generate_series(1, $2::int) AS g`,
      [shop.tenantId, PRODUCTS],
    );
    const pagePath = `/api/v1/storefront/${shop.slug}/products?limit=24`;
    const res = await ctx.request(pagePath);
    const page = JSON.parse(res.body);
    if (res.status !== 200 || page.data.length !== 24)
      throw new Error(`storefront-catalog-throughput set-up: ${res.status} ${res.body.slice(0, 300)}`);
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-catalog-'));
    const answer = path.join(folder, 'answer.json');
    const headers = {
      'Content-Type': res.headers['content-type'],
      ETag: res.headers.etag,
      'Cache-Control': res.headers['cache-control'],
    };
    fs.writeFileSync(answer, JSON.stringify({ body: res.body, headers }));
    return { path: pagePath, folder, answer, bytes: Buffer.byteLength(res.body) };
  },

  target: (ctx, state) => ({ method: 'GET', path: state.path, expect: { status: 200 } }),

  ceilings: [
    childServer({
      name: 'nest-catalog',
      description:
        "the same Nest/Express app (`createHttpApp`, role api, the service's environment; bench/servers/nest-catalog.js) answering the same page's bytes with the same `Content-Type`, `ETag` and `Cache-Control` from a constant `GET /bench/catalog` route",
      script: path.join(__dirname, '..', 'servers', 'nest-catalog.js'),
      options: (ctx, state) => {
        const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-ceiling-'));
        return {
          args: [state.answer],
          env: { ...ctx.services.redis.env },
          nodeFlags: SERVICE_NODE_FLAGS,
          cwd,
          path: '/bench/catalog',
          expect: { status: 200 },
          startTimeoutMs: 60_000,
          onStop: () => fs.rmSync(cwd, { recursive: true, force: true }),
        };
      },
    }),
  ],

  async notes(ctx, state) {
    const s = await statementsPerRequest(ctx, state);
    ctx.log(
      `  statements per warm request: ${s.perRequest.toFixed(4)} (${s.loaded} transactions over ${s.requests.toLocaleString('en-US')} requests in ${WINDOW_SECONDS} s, ${s.idle} in an idle window of the same length)`,
    );
    return (
      `A page of ${state.bytes.toLocaleString('en-US')} bytes of JSON, from the in-process catalog cache (fresh for \`CATALOG_FRESH_SECONDS\`, 10 s; the first request of each 10 s reads PostgreSQL). ` +
      `**PostgreSQL statements per warm request: ${s.perRequest.toFixed(4)}** (target 0: ${s.perRequest < 0.001 ? 'met' : 'missed'}), from \`pg_stat_database\` of the bench database: ` +
      `${s.loaded} transactions during ${WINDOW_SECONDS} s of load (${s.requests.toLocaleString('en-US')} requests, 50 connections) against ${s.idle} in an idle window of the same length, each read 11 s after its window (PostgreSQL reports a backend's counters at most once a second, an idle one's after 10 s).`
    );
  },

  teardown(ctx, state) {
    if (state?.folder) fs.rmSync(state.folder, { recursive: true, force: true });
  },

  targets: { minRatio: { 'nest-catalog': 0.6 }, maxP99Ms: 50 },
};
