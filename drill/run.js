'use strict';
/**
 * Fault drill (`npm run drill`, docs/operations.md): the service (APP_ROLE=all, built) on a private
 * PostgreSQL and a private Redis (AOF, appendfsync always), under a steady load of orders and
 * analytics events. Redis is killed with SIGKILL, then PostgreSQL is stopped hard, then the
 * service gets SIGTERM under load. Afterwards a worker drains what was queued, and every
 * acknowledged write is reconciled against what was stored.
 *
 *   node drill/run.js [--outage-seconds 20] [--clients 8]
 *
 * Status 0 in the table is a connection refused (after the listener closed on SIGTERM).
 * Prints a reconciliation table; exits 1 when a target is missed (lost or duplicated writes,
 * inconsistent stock, a request slower than 2 s during an outage, recovery slower than 2 s, a
 * non-zero exit on SIGTERM).
 */
const { randomUUID } = require('node:crypto');
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { Client } = require('pg');
const { startProgram, stopAll } = require('../bench/lib/children');
const { freePort } = require('../bench/lib/ports');
const { startService } = require('../bench/lib/service');

const args = parseArgs(process.argv.slice(2));
const OUTAGE_MS = args.outageSeconds * 1000;
const STOCK = 1_000_000;
const SLOW_MS = 2_000;
const RUN = randomUUID();

function parseArgs(argv) {
  const parsed = { outageSeconds: 20, clients: 8 };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--outage-seconds') parsed.outageSeconds = Number(argv[++i]);
    else if (argv[i] === '--clients') parsed.clients = Number(argv[++i]);
    else throw new Error(`usage: node drill/run.js [--outage-seconds N] [--clients N] (unknown: ${argv[i]})`);
  }
  return parsed;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (message) => process.stdout.write(`[drill ${new Date().toISOString().slice(11, 19)}] ${message}\n`);

// --- private servers ------------------------------------------------------------------------

function which(binary) {
  try {
    return (
      execFileSync('sh', ['-c', `command -v ${binary}`])
        .toString()
        .trim() || null
    );
  } catch {
    return null;
  }
}

/** A PostgreSQL cluster of its own, run as the postgres user when this process is root. */
async function startPostgres() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-drill-pg-'));
  const port = await freePort();
  const asRoot = process.getuid && process.getuid() === 0;
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  const run = (binary, binaryArgs) =>
    execFileSync(asRoot ? 'runuser' : binary, asRoot ? ['-u', 'postgres', '--', binary, ...binaryArgs] : binaryArgs, { stdio: 'pipe' });
  run('initdb', ['-D', dir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const start = () => run('pg_ctl', ['-D', dir, '-w', '-l', path.join(dir, 'server.log'), '-o', `-p ${port} -k /tmp -c fsync=on`, 'start']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/storefront_drill`,
    stopHard: () => run('pg_ctl', ['-D', dir, '-m', 'immediate', 'stop']),
    start,
    cleanup: () => {
      try {
        run('pg_ctl', ['-D', dir, '-m', 'immediate', 'stop']);
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A Redis of its own with AOF fsynced on every write: what "accepted = stored" needs. */
async function startRedis() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-drill-redis-'));
  const port = await freePort();
  let child;
  const start = async () => {
    child = startProgram('redis', 'redis-server', [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--save',
      '',
      '--appendonly',
      'yes',
      '--appendfsync',
      'always',
      '--maxmemory-policy',
      'noeviction',
    ]);
    for (let i = 0; i < 50 && !child.lines.some((line) => line.includes('Ready to accept connections')); i++) await sleep(100);
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}/0`,
    kill: () => child.child.kill('SIGKILL'),
    start,
    cleanup: () => {
      child.child.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

// --- load -----------------------------------------------------------------------------------

const results = [];
const readiness = [];
let phase = 'baseline';

async function call(url, init) {
  const startedAt = Date.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
    const text = await res.text();
    return { status: res.status, ms: Date.now() - startedAt, text, retryAfter: res.headers.get('retry-after') };
  } catch (error) {
    return { status: 0, ms: Date.now() - startedAt, text: error.cause?.code ?? error.name, retryAfter: null };
  }
}

function startLoad(service, shop) {
  let running = true;
  const client = async (n) => {
    for (let i = 0; running; i++) {
      const at = Date.now();
      const currentPhase = phase;
      if (i % 2 === 0) {
        const marker = `${RUN}:${n}:${i}`;
        const res = await call(`${service.url}/api/v1/orders`, {
          method: 'POST',
          // Half the clients retry-proof their orders with a key (refused with 503 while Redis, which
          // keeps the keys, is down); the other half send none (placed while PostgreSQL is up).
          headers: { 'content-type': 'application/json', 'x-tenant-id': shop.tenantId, ...(n % 2 ? { 'idempotency-key': marker } : {}) },
          body: JSON.stringify({
            customer_name: 'Drill',
            customer_phone: '+50499998888',
            customer_notes: marker,
            delivery_type: 'pickup',
            items: [{ product_id: shop.productId, quantity: 1 }],
          }),
        });
        const orderId = res.status === 201 ? JSON.parse(res.text).data.id : null;
        results.push({ kind: 'order', keyed: n % 2 === 1, phase: currentPhase, at, ...res, marker, orderId });
      } else {
        const marker = `${RUN}:${n}:${i}`;
        const res = await call(`${service.url}/api/v1/analytics/track`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ tenant_id: shop.tenantId, type: 'cart_add', metadata: { drill: RUN, marker } }),
        });
        results.push({ kind: 'event', phase: currentPhase, at, ...res, marker });
      }
      await sleep(25);
    }
  };
  const probe = async () => {
    while (running) {
      const res = await call(`${service.url}/health/ready`, {});
      readiness.push({ at: Date.now(), status: res.status });
      await sleep(100);
    }
  };
  const all = [...Array.from({ length: args.clients }, (_, n) => client(n)), probe()];
  return async () => {
    running = false;
    await Promise.all(all);
  };
}

async function seedShop(url) {
  const email = `drill-${RUN}@example.com`;
  const registered = await call(`${url}/api/v1/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Drill',
      email,
      password: 'drill-password-1',
      password_confirmation: 'drill-password-1',
      tenant_name: `Drill ${RUN.slice(0, 8)}`,
    }),
  });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${registered.text}`);
  const { access_token: token, tenant_id: tenantId } = JSON.parse(registered.text).data;
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const location = await call(`${url}/api/v1/merchant/locations`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Main', address: 'Drill street', is_primary: true, is_active: true, delivery_fee: 0 }),
  });
  if (location.status !== 201) throw new Error(`location: ${location.status} ${location.text}`);
  const product = await call(`${url}/api/v1/merchant/products`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Drill product', price: 10, stock: STOCK, is_active: true }),
  });
  if (product.status !== 201) throw new Error(`product: ${product.status} ${product.text}`);
  return { tenantId, productId: JSON.parse(product.text).data.id };
}

// --- report ---------------------------------------------------------------------------------

const kindOf = (result) => (result.kind === 'event' ? 'event' : result.keyed ? 'order (key)' : 'order (no key)');

function percentile(values, p) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function phaseTable() {
  const rows = [];
  for (const name of ['baseline', 'redis-down', 'redis-back', 'postgres-down', 'postgres-back', 'draining']) {
    for (const kind of ['order (no key)', 'order (key)', 'event']) {
      const these = results.filter((result) => result.phase === name && kindOf(result) === kind);
      if (these.length === 0) continue;
      const statuses = {};
      for (const result of these) statuses[result.status] = (statuses[result.status] ?? 0) + 1;
      const latencies = these.map((result) => result.ms);
      rows.push({
        phase: name,
        kind,
        requests: these.length,
        statuses: Object.entries(statuses)
          .map(([status, count]) => `${status}×${count}`)
          .join(' '),
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        max: Math.max(...latencies),
      });
    }
  }
  return rows;
}

/** Time from `since` to the first 2xx of `kind` (a recovery), or null. */
function recoveryMs(kind, since) {
  const first = results.filter((result) => result.kind === kind && result.at >= since && result.status >= 200 && result.status < 300);
  return first.length ? Math.min(...first.map((result) => result.at + result.ms)) - since : null;
}

function readinessAfter(since, status) {
  const hit = readiness.find((probe) => probe.at >= since && probe.status === status);
  return hit ? hit.at - since : null;
}

async function main() {
  for (const binary of ['redis-server', 'initdb', 'pg_ctl']) {
    if (!which(binary)) throw new Error(`${binary} is not on PATH: the drill needs PostgreSQL and Redis server binaries`);
  }
  const postgres = await startPostgres();
  const redis = await startRedis();
  const marks = {};
  let service;
  try {
    log(`private PostgreSQL ${postgres.url}, Redis ${redis.url} (AOF always)`);
    service = await startService({
      databaseUrl: postgres.url,
      redisUrl: redis.url,
      env: { APP_ROLE: 'all', SHUTDOWN_DRAIN_MS: '2000', SHUTDOWN_TIMEOUT_MS: '15000', QUEUE_PREFIX: 'drill' },
    });
    const shop = await seedShop(service.url);
    log(`service ${service.url}; shop ${shop.tenantId}, product ${shop.productId} (stock ${STOCK})`);

    const stopLoad = startLoad(service, shop);
    await sleep(5_000);

    phase = 'redis-down';
    marks.redisDown = Date.now();
    redis.kill();
    log(`Redis killed (SIGKILL) for ${args.outageSeconds} s`);
    await sleep(OUTAGE_MS);
    await redis.start();
    phase = 'redis-back';
    marks.redisBack = Date.now();
    log('Redis restarted');
    await sleep(10_000);

    phase = 'postgres-down';
    marks.postgresDown = Date.now();
    postgres.stopHard();
    log(`PostgreSQL stopped hard (immediate) for ${args.outageSeconds} s`);
    await sleep(OUTAGE_MS);
    postgres.start();
    phase = 'postgres-back';
    marks.postgresBack = Date.now();
    log('PostgreSQL restarted');
    await sleep(10_000);

    phase = 'draining';
    marks.sigterm = Date.now();
    service.child.child.kill('SIGTERM');
    log('SIGTERM under load');
    const exit = await service.child.exitPromise;
    marks.exited = Date.now();
    await stopLoad();
    log(`service exited with code ${exit.code} after ${marks.exited - marks.sigterm} ms`);

    // A worker drains whatever was queued but not yet stored, as another replica would.
    const worker = await startService({
      databaseUrl: postgres.url,
      redisUrl: redis.url,
      env: { APP_ROLE: 'all', QUEUE_PREFIX: 'drill' },
    });
    const db = new Client({ connectionString: postgres.url });
    await db.connect();
    const ackedEvents = new Set(
      results.filter((result) => result.kind === 'event' && result.status === 202).map((result) => result.marker),
    );
    let stored = [];
    for (let i = 0; i < 120; i++) {
      const rows = await db.query(`SELECT metadata->>'marker' AS marker FROM analytics_events WHERE metadata->>'drill' = $1`, [RUN]);
      stored = rows.rows.map((row) => row.marker);
      if ([...ackedEvents].every((marker) => stored.includes(marker))) break;
      await sleep(500);
    }
    await worker.stop();

    const ackedOrders = results.filter((result) => result.kind === 'order' && result.status === 201);
    const orders = (await db.query('SELECT id, customer_notes FROM orders WHERE tenant_id = $1', [shop.tenantId])).rows;
    const storedOrderIds = new Set(orders.map((order) => order.id));
    const notes = new Map();
    for (const order of orders) notes.set(order.customer_notes, (notes.get(order.customer_notes) ?? 0) + 1);
    const stock = (await db.query('SELECT stock FROM products WHERE id = $1', [shop.productId])).rows[0].stock;
    const sold = Number(
      (
        await db.query(
          'SELECT coalesce(sum(quantity), 0) AS sold FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.tenant_id = $1',
          [shop.tenantId],
        )
      ).rows[0].sold,
    );
    const storedEvents = new Map();
    for (const marker of stored) storedEvents.set(marker, (storedEvents.get(marker) ?? 0) + 1);
    await db.end();

    const outage = (from, to) => results.filter((result) => result.at >= from && result.at < to);
    const report = {
      orders: {
        acknowledged: ackedOrders.length,
        stored: orders.length,
        lost: ackedOrders.filter((order) => !storedOrderIds.has(order.orderId)).length,
        duplicated: [...notes.values()].filter((count) => count > 1).length,
        storedUnacknowledged: orders.length - ackedOrders.length,
      },
      events: {
        acknowledged: ackedEvents.size,
        stored: stored.length,
        lost: [...ackedEvents].filter((marker) => !storedEvents.has(marker)).length,
        duplicated: [...storedEvents.values()].filter((count) => count > 1).length,
      },
      stock: { initial: STOCK, sold, remaining: stock, consistent: STOCK - sold === stock },
      slowestDuringRedisOutageMs: Math.max(0, ...outage(marks.redisDown, marks.redisBack).map((result) => result.ms)),
      slowestDuringPostgresOutageMs: Math.max(0, ...outage(marks.postgresDown, marks.postgresBack).map((result) => result.ms)),
      readiness: {
        '503 after Redis killed (ms)': readinessAfter(marks.redisDown, 503),
        '200 after Redis back (ms)': readinessAfter(marks.redisBack, 200),
        '503 after PostgreSQL stopped (ms)': readinessAfter(marks.postgresDown, 503),
        '200 after PostgreSQL back (ms)': readinessAfter(marks.postgresBack, 200),
        '503 after SIGTERM (ms)': readinessAfter(marks.sigterm, 503),
      },
      recovery: {
        'events after Redis back (ms)': recoveryMs('event', marks.redisBack),
        'orders after PostgreSQL back (ms)': recoveryMs('order', marks.postgresBack),
      },
      shutdown: { exitCode: exit.code, signal: exit.signal, ms: marks.exited - marks.sigterm },
    };

    console.log('\nRequests by phase (latency in ms):');
    console.table(phaseTable());
    console.log('\nReconciliation:');
    console.log(JSON.stringify(report, null, 2));

    const failures = [];
    if (report.orders.lost || report.events.lost) failures.push('acknowledged writes were lost');
    if (report.orders.duplicated || report.events.duplicated) failures.push('writes were duplicated');
    if (!report.stock.consistent) failures.push('stock does not match the orders stored');
    if (report.slowestDuringRedisOutageMs > SLOW_MS || report.slowestDuringPostgresOutageMs > SLOW_MS)
      failures.push('a request took longer than 2 s during an outage');
    for (const [what, ms] of Object.entries(report.recovery)) if (ms === null || ms > SLOW_MS) failures.push(`recovery: ${what} = ${ms}`);
    if (report.shutdown.exitCode !== 0) failures.push(`SIGTERM under load exited with ${report.shutdown.exitCode}`);
    console.log(failures.length ? `\nTargets missed:\n- ${failures.join('\n- ')}` : '\nAll targets met.');
    process.exitCode = failures.length ? 1 : 0;
  } finally {
    await stopAll(5_000);
    redis.cleanup();
    postgres.cleanup();
  }
}

main().catch((error) => {
  console.error(error.stack ?? error);
  process.exitCode = 1;
});
