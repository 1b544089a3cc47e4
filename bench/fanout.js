#!/usr/bin/env node
'use strict';
/**
 * `npm run bench:fanout` (after `npm run build`): throughput of the NewOrderNotification fan-out.
 *
 *   node bench/fanout.js [--no-docs]
 *
 * Starts the built service (an `api` and a `worker` process, or one `all` process), a local SMTP
 * server, a local Web Push service over TLS and a Socket.IO client (bench/servers/fanout-sinks.js),
 * seeds a shop with an owner and two admins, each subscribed to push, places orders as fast as the
 * API takes them and measures orders per second until every order is fully notified: 3 notification
 * rows, 3 mails, 3 pushes and 1 broadcast event each. Then it reads every order's timestamps (the
 * database, BullMQ's job records, the receivers) to say where the time went.
 *
 * Environment: BENCH_FANOUT_ORDERS (500), BENCH_FANOUT_CLIENTS (16 concurrent order clients),
 * BENCH_FANOUT_WARMUP (20 orders, fully notified before measuring), BENCH_FANOUT_PROCESSES
 * (split | all), BENCH_FANOUT_PUSH_TRUST (node | setting: how the service trusts the local push
 * service's certificate), BENCH_FANOUT_TIMEOUT (seconds, 600), and as bench/run.js: BENCH_DATABASE_URL,
 * BENCH_REDIS_URL, BENCH_KEEP_DB, BENCH_VERBOSE, BENCH_CPU_PROF. Method: docs/benchmarks.md.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const http = require('node:http');
const { execFileSync } = require('node:child_process');
const webpush = require('web-push');
const children = require('./lib/children');
const { recreateDatabase, dropDatabase, connectDatabase, flushRedis } = require('./lib/database');
const { startService } = require('./lib/service');
const { startNode } = require('./lib/children');
const { request } = require('./lib/http');
const { cpuSeconds, groupCpuSeconds, runQueueSeconds, groupRunQueueSeconds } = require('./lib/cpu');
const { createShop, createProducts, issueToken } = require('./scenarios/_seed');
const { collectTimeline, analyse, consoleReport, updateFanoutDocs } = require('./lib/fanout-report');

const REPO_ROOT = path.resolve(__dirname, '..');
const ENTRY = path.join(REPO_ROOT, 'dist', 'src', 'main.js');
const SINKS = path.join(__dirname, 'servers', 'fanout-sinks.js');
const RESULTS_DIR = path.join(__dirname, 'results');
const log = (line) => process.stdout.write(`${line}\n`);

function integer(name, fallback, min) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name}=${raw}: expected an integer ≥ ${min}`);
  return value;
}

function readConfig(argv) {
  const unknown = argv.filter((arg) => arg !== '--no-docs');
  if (unknown.length) throw new Error(`Unknown argument ${unknown[0]}\nusage: node bench/fanout.js [--no-docs]`);
  const processes = process.env.BENCH_FANOUT_PROCESSES || 'split';
  if (!['split', 'all'].includes(processes)) throw new Error(`BENCH_FANOUT_PROCESSES=${processes}: expected split or all`);
  const pushTrust = process.env.BENCH_FANOUT_PUSH_TRUST || 'node';
  if (!['node', 'setting'].includes(pushTrust)) throw new Error(`BENCH_FANOUT_PUSH_TRUST=${pushTrust}: expected node or setting`);
  return {
    orders: integer('BENCH_FANOUT_ORDERS', 500, 1),
    clients: integer('BENCH_FANOUT_CLIENTS', 16, 1),
    warmup: integer('BENCH_FANOUT_WARMUP', 20, 1),
    timeoutS: integer('BENCH_FANOUT_TIMEOUT', 600, 10),
    processes,
    pushTrust,
    docs: !argv.includes('--no-docs'),
    databaseUrl: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/storefront_bench',
    redisUrl: process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379/6',
    keepDatabase: process.env.BENCH_KEEP_DB === '1',
    cpuProfileDir: process.env.BENCH_CPU_PROF || null,
  };
}

/** The receivers' process: replies to IPC requests in order, one kind at a time. */
async function startSinks() {
  const child = startNode('sinks', [SINKS], { env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production' } });
  const next = (type, timeoutMs = 15_000) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`The receivers did not answer "${type}" in time\n${child.tail()}`)), timeoutMs);
      const onMessage = (message) => {
        if (message.type !== type) return;
        child.child.off('message', onMessage);
        clearTimeout(timer);
        resolve(message);
      };
      child.child.on('message', onMessage);
    });
  const ready = await next('ready', 30_000);
  const ask = (message, timeoutMs) => {
    const answer = next(message.type, timeoutMs);
    child.child.send(message);
    return answer;
  };
  return { ...ready, pid: child.pid, ask, stop: () => child.stop(5000) };
}

/** The service: one `all` process, or an `api` process (which migrates) then a `worker`. */
async function startFanoutService(config, env) {
  const nodeArgs = config.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${config.cpuProfileDir}`] : [];
  const api = await startService({
    databaseUrl: config.databaseUrl,
    redisUrl: config.redisUrl,
    env: { ...env, APP_ROLE: config.processes === 'all' ? 'all' : 'api' },
    nodeArgs,
  });
  const processes = [{ name: config.processes === 'all' ? 'all' : 'api', pid: api.pid, child: api.child }];
  let worker = null;
  if (config.processes === 'split') {
    const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-worker-'));
    const workerEnv = { ...api.env, APP_ROLE: 'worker', MIGRATIONS_RUN: 'false' };
    worker = startNode('worker', [...nodeArgs, ENTRY], { env: workerEnv, cwd });
    worker.cwd = cwd;
    processes.push({ name: 'worker', pid: worker.pid, child: worker });
  }
  const stop = async () => {
    if (worker) {
      await worker.stop(12_000);
      fs.rmSync(worker.cwd, { recursive: true, force: true });
    }
    await api.stop();
  };
  return { url: api.url, env: api.env, processes, stop };
}

/** A shop with its owner and two admins (each with a bearer token), and two products. */
async function seedShop(db) {
  const shop = await createShop(db, 'fanout');
  const admins = [];
  for (const n of [1, 2]) {
    const { rows } = await db.query(
      `INSERT INTO users (name, email, role, tenant_id, email_verified_at) VALUES ($1, $2, 'admin', $3, now()) RETURNING id`,
      [`Bench admin ${n}`, `bench-fanout-admin${n}-${shop.slug}@example.test`, shop.tenantId],
    );
    admins.push({ id: rows[0].id, token: await issueToken(db, rows[0].id) });
  }
  const products = await createProducts(db, shop.tenantId, [
    { name: 'Coffee', price: '10.00' },
    { name: 'Bagel', price: '20.50' },
  ]);
  const users = [{ id: shop.ownerId, token: shop.token }, ...admins];
  return { shop, users, products };
}

/** Places `count` orders with `clients` keep-alive connections; resolves one record per order. */
async function placeOrders(serviceUrl, { shop, products }, { count, clients, offset }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const placed = [];
  let next = 0;
  const post = (index) =>
    new Promise((resolve, reject) => {
      const body = JSON.stringify({
        customer_name: `Bench Customer ${offset + index}`,
        customer_phone: `+504${String(20_000_000 + offset + index)}`,
        delivery_type: 'pickup',
        payment_method: 'cash',
        items: products.map((p) => ({ product_id: p.id, quantity: 1 })),
      });
      const sentAt = Date.now();
      const req = http.request(
        new URL('/api/v1/orders', serviceUrl),
        { method: 'POST', agent, headers: { 'content-type': 'application/json', 'x-tenant-id': shop.tenantId } },
        (res) => {
          const chunks = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            if (res.statusCode !== 201) return reject(new Error(`POST /api/v1/orders answered ${res.statusCode}: ${text.slice(0, 300)}`));
            const order = JSON.parse(text).data;
            resolve({ orderId: order.id, orderNumber: String(order.order_number), sentAt, ackedAt: Date.now() });
          });
        },
      );
      req.setTimeout(30_000, () => req.destroy(new Error('POST /api/v1/orders timed out after 30 s')));
      req.on('error', reject);
      req.end(body);
    });
  const client = async () => {
    while (next < count) placed.push(await post(next++));
  };
  try {
    await Promise.all(Array.from({ length: clients }, client));
  } finally {
    agent.destroy();
  }
  return placed;
}

/** Waits until the receivers and the database hold `expected` arrivals of each kind. */
async function waitUntilNotified(sinks, db, tenantId, expected, { timeoutS, progress, processes }) {
  const deadline = Date.now() + timeoutS * 1000;
  let lastLog = Date.now();
  for (;;) {
    const gone = processes.find((p) => p.child.exited);
    if (gone) throw new Error(`The ${gone.name} process exited (code ${gone.child.exitCode})\n${gone.child.tail(40)}`);
    const counts = await sinks.ask({ type: 'counts' });
    const { rows } = await db.query('SELECT count(*)::int AS n FROM notifications WHERE tenant_id = $1', [tenantId]);
    const seen = { rows: rows[0].n, mails: counts.mails, pushes: counts.pushes, broadcasts: counts.broadcasts };
    const missing = Object.keys(expected).filter((k) => seen[k] < expected[k]);
    if (missing.length === 0) return seen;
    const line = Object.keys(expected)
      .map((k) => `${k} ${seen[k]}/${expected[k]}`)
      .join(', ');
    if (Date.now() > deadline) throw new Error(`Not every order was notified within ${timeoutS} s: ${line}`);
    if (progress && Date.now() - lastLog > 5000) {
      lastLog = Date.now();
      log(`  ... ${line}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** CPU seconds and run-queue seconds (waiting for a CPU) so far of each process that takes part. */
function cpuSnapshot(service, sinks) {
  const usage = process.cpuUsage();
  const snapshot = {
    harness: { cpu: (usage.user + usage.system) / 1e6, wait: runQueueSeconds(process.pid) },
    receivers: { cpu: cpuSeconds(sinks.pid), wait: runQueueSeconds(sinks.pid) },
  };
  for (const p of service.processes) snapshot[p.name] = { cpu: cpuSeconds(p.pid), wait: runQueueSeconds(p.pid) };
  for (const comm of ['postgres', 'redis-server']) snapshot[comm] = { cpu: groupCpuSeconds(comm), wait: groupRunQueueSeconds(comm) };
  return snapshot;
}

const delta = (after, before) => (after === null || before === null ? null : Math.max(0, after - before));

function facts() {
  const cpus = os.cpus();
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    /* not a checkout */
  }
  return {
    node: process.version,
    machine: `${cpus.length} cores (${cpus[0]?.model?.trim() ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}; shared and noisy; loopback`,
    commit,
    date: new Date()
      .toISOString()
      .replace('T', ' ')
      .replace(/\.\d+Z$/, ' UTC'),
  };
}

async function main() {
  children.installHandlers();
  const config = readConfig(process.argv.slice(2));
  if (!fs.existsSync(ENTRY)) throw new Error('dist/src/main.js is missing: run `npm run build` first (npm run bench:fanout does)');
  log(
    `fanout: ${config.orders} orders by ${config.clients} clients after ${config.warmup} warm-up orders; service as ${config.processes === 'split' ? 'api + worker processes' : 'one APP_ROLE=all process'}`,
  );
  await flushRedis(config.redisUrl);
  await recreateDatabase(config.databaseUrl);
  if (config.cpuProfileDir) fs.mkdirSync(config.cpuProfileDir, { recursive: true });

  const sinks = await startSinks();
  const vapid = webpush.generateVAPIDKeys();
  const serviceEnv = {
    MAIL_URL: sinks.smtpUrl,
    MAIL_FROM: 'Storefront <no-reply@bench.test>',
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:bench@example.test',
    PUSH_ALLOWED_HOSTS: '127.0.0.1',
    PUSH_ALLOWED_PORTS: new URL(sinks.pushOrigin).port,
    // How the service trusts the local push service's self-signed certificate. `node`: through
    // Node's own store (NODE_EXTRA_CA_CERTS), so the push agent runs with the default trust, as it
    // does against the browsers' public push services. `setting`: PUSH_CA_FILE, the service's
    // setting for a self-hosted push service behind a private CA.
    ...(config.pushTrust === 'node' ? { NODE_EXTRA_CA_CERTS: sinks.caFile } : { PUSH_CA_FILE: sinks.caFile }),
  };
  let service;
  const clients = [];
  try {
    service = await startFanoutService(config, serviceEnv);
    log(`fanout: service at ${service.url} (${service.processes.map((p) => `${p.name} pid ${p.pid}`).join(', ')})`);
    const db = await connectDatabase(config.databaseUrl);
    clients.push(db);
    const seeded = await seedShop(db);
    for (const user of seeded.users) {
      const browser = await sinks.ask({ type: 'browser' });
      const res = await request(new URL('/api/v1/push-subscriptions', service.url), {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
        body: { endpoint: browser.endpoint, keys: browser.keys, contentEncoding: 'aes128gcm' },
      });
      if (res.status < 200 || res.status > 299)
        throw new Error(`POST /api/v1/push-subscriptions answered ${res.status}: ${res.body.slice(0, 300)}`);
    }
    const socket = await sinks.ask({ type: 'socket', url: service.url, token: seeded.shop.token, id: 'owner' });
    if (socket.error) throw new Error(`The Socket.IO client could not connect: ${socket.error}`);
    const perOrder = { rows: 3, mails: 3, pushes: 3, broadcasts: 1 };
    const expected = (orders) => Object.fromEntries(Object.entries(perOrder).map(([k, v]) => [k, v * orders]));

    log(`fanout: warm-up, ${config.warmup} orders fully notified...`);
    await placeOrders(service.url, seeded, { count: config.warmup, clients: Math.min(config.clients, config.warmup), offset: 0 });
    await waitUntilNotified(sinks, db, seeded.shop.tenantId, expected(config.warmup), {
      timeoutS: 120,
      progress: false,
      processes: service.processes,
    });

    log(`fanout: placing ${config.orders} orders...`);
    const cpuBefore = cpuSnapshot(service, sinks);
    const loadBefore = os.loadavg()[0];
    const startedAt = Date.now();
    const placed = await placeOrders(service.url, seeded, { count: config.orders, clients: config.clients, offset: config.warmup });
    const placedAt = Date.now();
    log(`fanout: ${config.orders} orders placed in ${((placedAt - startedAt) / 1000).toFixed(1)} s; waiting for every notification...`);
    await waitUntilNotified(sinks, db, seeded.shop.tenantId, expected(config.warmup + config.orders), {
      timeoutS: config.timeoutS,
      progress: true,
      processes: service.processes,
    });
    const notifiedAt = Date.now();
    const cpuAfter = cpuSnapshot(service, sinks);
    const loadAfter = os.loadavg()[0];

    const report = await sinks.ask({ type: 'report' }, 60_000);
    const timeline = await collectTimeline({
      db,
      redisUrl: config.redisUrl,
      prefix: service.env.QUEUE_PREFIX,
      placed,
      report,
      users: seeded.users,
    });
    const outcome = analyse({
      config,
      facts: facts(),
      placed,
      timeline,
      window: { startedAt, placedAt, notifiedAt },
      cpu: Object.fromEntries(
        Object.keys(cpuAfter).map((k) => [
          k,
          { cpu: delta(cpuAfter[k].cpu, cpuBefore[k].cpu), wait: delta(cpuAfter[k].wait, cpuBefore[k].wait) },
        ]),
      ),
      load: [loadBefore, loadAfter],
      receiverErrors: report.errors,
    });
    log(`\n${consoleReport(outcome)}\n`);
    fs.mkdirSync(RESULTS_DIR, { recursive: true });
    fs.writeFileSync(path.join(RESULTS_DIR, 'fanout-latest.json'), JSON.stringify({ outcome, timeline }, null, 2));
    if (config.docs) {
      updateFanoutDocs(path.join(REPO_ROOT, 'docs', 'benchmarks.md'), outcome);
      log('fanout: wrote docs/benchmarks.md (raw figures in bench/results/fanout-latest.json)');
    }
    return 0;
  } finally {
    await Promise.all(clients.map((client) => client.end().catch(() => undefined)));
    if (service) await service.stop();
    await sinks.stop();
    if (!config.keepDatabase) {
      await dropDatabase(config.databaseUrl).catch((error) => log(`fanout: could not drop the bench database: ${error.message}`));
      await flushRedis(config.redisUrl).catch((error) => log(`fanout: could not flush the bench Redis DB: ${error.message}`));
    }
  }
}

main().then(
  (code) => {
    children.killAllNow();
    process.exit(code);
  },
  async (error) => {
    process.stderr.write(`\nfanout: error: ${process.env.BENCH_VERBOSE ? error.stack : error.message}\n`);
    await children.stopAll(3000).catch(() => undefined);
    process.exit(1);
  },
);
