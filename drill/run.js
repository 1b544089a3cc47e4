'use strict';
/**
 * Fault drill (`npm run drill`, docs/operations.md): two `api` processes and one `worker` (built
 * service) on a private PostgreSQL and a private Redis (AOF, appendfsync always), under a steady
 * load of orders (retried with their Idempotency-Key, some sent twice on purpose, a scarce product
 * that sells out), analytics events and signed payment webhooks (redelivered). The worker is
 * SIGKILLed and restarted, Redis is killed with SIGKILL, PostgreSQL is stopped hard, then one api
 * gets SIGTERM under load. Every answer and what was stored are recorded, and drill/check.js
 * asserts on that record; the run exits 1 when an assertion fails.
 *
 *   node drill/run.js [--short] [--outage-seconds N] [--clients N] [--record FILE]
 *   node drill/run.js --mutant [--from FILE]   checks that each assertion fails on a bad run
 *
 * --short: 5 s outages and recoveries, 4 clients (what CI runs). --record writes the recorded run
 * (JSON) for `--mutant --from`, which otherwise uses drill/fixtures/recorded-run.json.gz.
 */
const { createHmac, randomUUID } = require('node:crypto');
const { execFile, execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { promisify } = require('node:util');
const zlib = require('node:zlib');
const { Client } = require('pg');
const { startNode, startProgram, stopAll } = require('../bench/lib/children');
const { freePort } = require('../bench/lib/ports');
const { serviceEnvironment, startService, SERVICE_NODE_FLAGS } = require('../bench/lib/service');
const { checkRun, RETRYABLE } = require('./check');
const { MUTANTS } = require('./mutants');

const execFileAsync = promisify(execFile);
const FIXTURE = path.join(__dirname, 'fixtures', 'recorded-run.json.gz');
const WEBHOOK_SECRET = 'drill-webhook-secret-not-secret';
const PROFILES = {
  full: { baselineSeconds: 5, outageSeconds: 20, freezeSeconds: 10, recoverySeconds: 10, workerDownSeconds: 5, clients: 8 },
  short: { baselineSeconds: 3, outageSeconds: 5, freezeSeconds: 5, recoverySeconds: 5, workerDownSeconds: 3, clients: 4 },
};

function parseArgs(argv) {
  const parsed = { profile: 'full', record: null, mutant: false, from: FIXTURE, overrides: {} };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--short') parsed.profile = 'short';
    else if (argv[i] === '--outage-seconds') parsed.overrides.outageSeconds = Number(argv[++i]);
    else if (argv[i] === '--clients') parsed.overrides.clients = Number(argv[++i]);
    else if (argv[i] === '--record') parsed.record = argv[++i];
    else if (argv[i] === '--mutant') parsed.mutant = true;
    else if (argv[i] === '--from') parsed.from = argv[++i];
    else
      throw new Error(
        `usage: node drill/run.js [--short] [--outage-seconds N] [--clients N] [--record FILE] | --mutant [--from FILE] (unknown: ${argv[i]})`,
      );
  }
  return { ...parsed, ...PROFILES[parsed.profile], ...parsed.overrides };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** A guard's timer: it never keeps the process alive once the work it guards has ended. */
const guardTimeout = (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref());
const log = (message) => process.stdout.write(`[drill ${new Date().toISOString().slice(11, 19)}] ${message}\n`);

// --- temporary folders: every one the drill makes is removed, however it ends ----------------

const temporary = new Set();
const stopOnExit = [];
function tempDir(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  temporary.add(dir);
  return dir;
}
function removeTemporary() {
  for (const stop of stopOnExit.splice(0)) {
    try {
      stop();
    } catch {
      // already stopped
    }
  }
  for (const dir of temporary) fs.rmSync(dir, { recursive: true, force: true });
}
process.on('exit', removeTemporary);

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
  const dir = tempDir('storefront-drill-pg-');
  const port = await freePort();
  const asRoot = process.getuid && process.getuid() === 0;
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  const command = (binary, binaryArgs) => [
    asRoot ? 'runuser' : binary,
    asRoot ? ['-u', 'postgres', '--', binary, ...binaryArgs] : binaryArgs,
  ];
  const run = (binary, binaryArgs) => execFileSync(...command(binary, binaryArgs), { stdio: 'pipe' });
  // pg_ctl under load runs without blocking the drill's event loop: its clients, probes and timings
  // go on while PostgreSQL stops or starts (crash recovery can take seconds).
  const runAsync = (binary, binaryArgs) => execFileAsync(...command(binary, binaryArgs));
  run('initdb', ['-D', dir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const startArgs = [
    '-D',
    dir,
    '-w',
    '-l',
    path.join(dir, 'server.log'),
    '-o',
    `-p ${port} -k /tmp -c fsync=on -c max_connections=200`,
    'start',
  ];
  const stopArgs = ['-D', dir, '-m', 'immediate', 'stop'];
  run('pg_ctl', startArgs);
  stopOnExit.push(() => run('pg_ctl', stopArgs));
  // Frozen: the postmaster and every backend stopped (SIGSTOP), sockets left open: connections are
  // accepted by the kernel and never answered, as with a paused host or a network blackhole.
  const clusterPids = () => {
    const postmaster = Number(fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    let children = [];
    try {
      children = execFileSync('pgrep', ['-P', String(postmaster)], { encoding: 'utf8' })
        .split('\n')
        .filter(Boolean)
        .map(Number);
    } catch {
      // pgrep exits 1 when there is no child.
    }
    return [postmaster, ...children];
  };
  const signalCluster = (signal) => {
    for (const pid of clusterPids()) {
      try {
        process.kill(pid, signal);
      } catch {
        // A backend that ended in between.
      }
    }
  };
  stopOnExit.unshift(() => signalCluster('SIGCONT'));
  return {
    url: `postgres://postgres@127.0.0.1:${port}/storefront_drill`,
    stopHard: () => runAsync('pg_ctl', stopArgs),
    start: () => runAsync('pg_ctl', startArgs),
    freeze: async () => signalCluster('SIGSTOP'),
    thaw: async () => signalCluster('SIGCONT'),
  };
}

/** A Redis of its own with AOF fsynced on every write: what "accepted = stored" needs. */
async function startRedis() {
  const dir = tempDir('storefront-drill-redis-');
  const port = await freePort();
  let child;
  const start = async () => {
    child = startProgram('redis', 'redis-server', [
      ...['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', ''],
      ...['--appendonly', 'yes', '--appendfsync', 'always', '--maxmemory-policy', 'noeviction'],
    ]);
    for (let i = 0; i < 50 && !child.lines.some((line) => line.includes('Ready to accept connections')); i++) await sleep(100);
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}/0`,
    kill: () => child.child.kill('SIGKILL'),
    start,
    // Frozen: the process stopped, its sockets open (a paused Redis).
    freeze: async () => child.child.kill('SIGSTOP'),
    thaw: async () => child.child.kill('SIGCONT'),
  };
}

/** A `worker` process (no HTTP): started once it logs "Worker started". */
async function startWorker(postgres, redis) {
  const cwd = tempDir('storefront-drill-worker-');
  const env = serviceEnvironment({
    port: await freePort(),
    grpcPort: await freePort(),
    databaseUrl: postgres.url,
    redisUrl: redis.url,
    extra: { APP_ROLE: 'worker', QUEUE_PREFIX: 'drill', LOG_LEVEL: 'info', MIGRATIONS_RUN: 'false' },
  });
  const child = startNode('worker', [...SERVICE_NODE_FLAGS, path.join(__dirname, '..', 'dist', 'src', 'main.js')], { env, cwd });
  for (let i = 0; i < 600 && !child.lines.some((line) => line.includes('Worker started')); i++) {
    if (child.exited) throw new Error(`the worker exited during start-up (code ${child.exitCode})\n${child.tail(40)}`);
    await sleep(100);
  }
  if (!child.lines.some((line) => line.includes('Worker started'))) throw new Error(`the worker did not start\n${child.tail(40)}`);
  return child;
}

async function startApi(name, postgres, redis) {
  const service = await startService({
    databaseUrl: postgres.url,
    redisUrl: redis.url,
    env: {
      APP_ROLE: 'api',
      SHUTDOWN_DRAIN_MS: '2000',
      SHUTDOWN_TIMEOUT_MS: '15000',
      QUEUE_PREFIX: 'drill',
      PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET,
    },
  });
  temporary.add(service.cwd);
  return { name, ...service };
}

// --- load -----------------------------------------------------------------------------------

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

/** What the record keeps of an answer. */
const answer = (api, phase, at, res) => ({
  api: api.name,
  phase,
  at,
  ms: res.ms,
  status: res.status,
  retryAfter: res.retryAfter,
  ...(res.status === 0 ? { error: res.text } : {}),
});

function startLoad({ apis, shop, run, clients, state }) {
  const { requests, readiness } = run;
  let running = true;
  /** Keyed orders whose client gave up on a "try again": each sent again once the load stops. */
  const unsettled = [];
  const webhooks = [];
  /** The rotation: an api joins it once ready and leaves it once it has exited (state.gone). */
  const rotation = [...apis];
  /** The api a client uses: the n-th of the rotation, skipping those in `avoid`. */
  const apiFor = (n, avoid = new Set()) => {
    const live = rotation.filter((api) => !state.gone.has(api.name) && !avoid.has(api.name));
    return live.length ? live[n % live.length] : null;
  };
  /**
   * One request, as a load balancer sends it: a connection refused by an api that was told to stop
   * (SIGTERM) is recorded (status 0, ECONNREFUSED: the request never reached it) and the request is
   * sent again to another api of the rotation. `record` receives every attempt.
   */
  const send = async (n, route, init, record) => {
    const avoid = new Set();
    for (;;) {
      const api = apiFor(n, avoid);
      const at = Date.now();
      const phase = state.phase;
      const res = await call(`${api.url}${route}`, init);
      const base = answer(api, phase, at, res);
      const refused = res.status === 0 && res.text === 'ECONNREFUSED' && state.stopping.has(api.name);
      if (refused && apiFor(n, new Set([...avoid, api.name]))) {
        record({ ...base, retriedElsewhere: true });
        avoid.add(api.name);
        continue;
      }
      return { res, base };
    }
  };

  const placeOrder = async (n, i) => {
    const ref = `${run.id}:${n}:${i}`;
    const keyed = n % 4 !== 0;
    const j = i >> 1;
    const product = j % 4 === 1 ? 'scarce' : 'plenty';
    const quantity = 1 + (j % 2);
    const body = JSON.stringify({
      customer_name: 'Drill',
      customer_phone: '+50499998888',
      customer_notes: ref,
      delivery_type: 'pickup',
      items: [{ product_id: shop.products[product], quantity }],
    });
    const init = {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-tenant-id': shop.tenantId, ...(keyed ? { 'idempotency-key': ref } : {}) },
      body,
    };
    const placeOnce = async () => {
      const order = { kind: 'order', ref, keyed, product, quantity };
      const { res, base } = await send(n, '/api/v1/orders', init, (refused) => requests.push({ ...order, ...refused, orderId: null }));
      const orderId = res.status === 201 ? JSON.parse(res.text).data.id : null;
      requests.push({ ...order, ...base, orderId });
      return { ...res, orderId };
    };
    // Unkeyed orders are sent once (a retry could order twice); keyed ones are retried with their key
    // while the answer says "try again", and some are sent twice at once or again after their 201.
    let placed = null;
    let retryable = false;
    for (let attempt = 0; attempt < (keyed ? 6 : 1) && running; attempt++) {
      const answers = await Promise.all(keyed && attempt === 0 && j % 7 === 3 ? [placeOnce(), placeOnce()] : [placeOnce()]);
      placed = answers.find((a) => a.status === 201) ?? null;
      retryable = !placed && answers.some((a) => RETRYABLE.has(a.status));
      if (!retryable) break;
      const retryAfter = Math.max(...answers.map((a) => Number(a.retryAfter) || 0));
      await sleep(Math.min(1000, Math.max(200, retryAfter * 1000)));
    }
    // A keyed order still answered "try again" when its client gave up (the attempts or the load
    // ran out) is sent again with its key once the load has stopped, as a shopper retries once the
    // shop answers: an order that committed after its 503 (a statement a frozen server ran on
    // thawing) is answered 201 from the kept key, so the checks see it acknowledged.
    if (keyed && retryable) {
      unsettled.push(async () => {
        for (let attempt = 0; attempt < 6 && apiFor(n); attempt++) {
          const answer = await placeOnce();
          if (answer.status === 201 || !RETRYABLE.has(answer.status)) return;
          await sleep(500);
        }
      });
    }
    if (placed && keyed && j % 5 === 2) await placeOnce();
    if (placed && product === 'plenty' && j % 3 === 0) {
      webhooks.push({
        eventId: `pay-${ref}`,
        orderId: placed.orderId,
        n,
        due: Date.now(),
        deliveries: 0,
        planned: 2 + (j % 2),
        double: j % 6 === 0,
        tries: 0,
      });
    }
  };

  const trackEvent = async (n, i) => {
    const marker = `${run.id}:${n}:${i}`;
    const { base } = await send(
      n,
      '/api/v1/analytics/track',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ tenant_id: shop.tenantId, type: 'cart_add', metadata: { drill: run.id, marker } }),
      },
      (refused) => requests.push({ kind: 'event', ...refused, marker }),
    );
    requests.push({ kind: 'event', ...base, marker });
  };

  const client = async (n) => {
    for (let i = 0; running; i++) {
      if (i % 2 === 0) await placeOrder(n, i);
      else await trackEvent(n, i);
      await sleep(25);
    }
  };

  /** A payment gateway: delivers each event 2-3 times (some twice at once), retrying until 200. */
  const deliverOne = async (hook) => {
    const body = JSON.stringify({ id: hook.eventId, event: 'payment.confirmed', data: { order_id: hook.orderId } });
    const signature = createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex');
    const webhook = { kind: 'webhook', eventId: hook.eventId, orderId: hook.orderId };
    const { base } = await send(
      hook.n,
      '/api/webhooks/payment',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature': signature },
        body,
      },
      (refused) => requests.push({ ...webhook, ...refused }),
    );
    requests.push({ ...webhook, ...base });
    return base.status;
  };
  let webhooksDone = false;
  const gateway = (async () => {
    while (running || webhooks.length) {
      const now = Date.now();
      const due = webhooks.filter((hook) => hook.due <= now);
      await Promise.all(
        due.map(async (hook) => {
          const statuses = await Promise.all(
            hook.double && hook.deliveries === 0 ? [deliverOne(hook), deliverOne(hook)] : [deliverOne(hook)],
          );
          hook.deliveries += statuses.filter((status) => status === 200).length;
          hook.tries++;
          const finished = hook.deliveries >= hook.planned || hook.tries >= 40;
          if (finished) webhooks.splice(webhooks.indexOf(hook), 1);
          else hook.due = Date.now() + (statuses.includes(200) ? 300 + (hook.orderId % 7) * 300 : 1000);
        }),
      );
      await sleep(50);
    }
    webhooksDone = true;
  })();

  // A probe is sent every 100 ms whatever the earlier ones are doing (as a load balancer's are), so a
  // probe held up by the outage itself does not hide the answers of the next.
  const probe = async (api) => {
    const probes = [];
    while (running) {
      const sent = Date.now();
      probes.push(
        call(`${api.url}/health/ready`, {}).then((res) => {
          readiness.push({ api: api.name, sent, at: Date.now(), status: res.status });
        }),
      );
      await sleep(100);
    }
    await Promise.all(probes);
  };

  const all = [...Array.from({ length: clients }, (_, n) => client(n)), ...apis.map(probe)];
  return {
    /** Adds a ready api to the rotation, with its readiness probes. */
    add: (api) => {
      rotation.push(api);
      all.push(probe(api));
    },
    stop: async () => {
      running = false;
      await Promise.all(all);
      await Promise.all(unsettled.map((settle) => settle()));
      await gateway;
      return webhooksDone;
    },
  };
}

async function seedShop(url, id, stock) {
  const registered = await call(`${url}/api/v1/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Drill',
      email: `drill-${id}@example.com`,
      password: 'drill-password-1',
      password_confirmation: 'drill-password-1',
      tenant_name: `Drill ${id.slice(0, 8)}`,
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
  const products = {};
  for (const [name, units] of Object.entries(stock)) {
    const product = await call(`${url}/api/v1/merchant/products`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: `Drill ${name}`, price: 10, stock: units, is_active: true }),
    });
    if (product.status !== 201) throw new Error(`product: ${product.status} ${product.text}`);
    products[name] = JSON.parse(product.text).data.id;
  }
  return { tenantId, token, products };
}

// --- the dashboard through an outage ---------------------------------------------------------

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * A relay on loopback in front of `target` (an api's URL) that can be cut: while cut it refuses
 * connections and has dropped the open ones, so the page's API calls, its code and its live
 * connection all fail at the network level while the service keeps running.
 */
async function startRelay(target) {
  const net = require('node:net');
  const { hostname, port: targetPort } = new URL(target);
  const sockets = new Set();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(targetPort), hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port) => new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen(0);
  const port = server.address().port;
  return {
    url: `http://127.0.0.1:${port}`,
    cut: async () => {
      await new Promise((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
    restore: () => listen(port),
    close: () =>
      new Promise((resolve) => {
        if (!server.listening) return resolve();
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

/**
 * Opens the Orders page (searching for this step's customers: none yet), cuts the relay, opens
 * Overview from the navigation (its code cannot load), places orders through the other api,
 * restores the relay and waits: the "Cannot reach the server" banner must show, no crash screen,
 * the Overview page must open in place once the server is back (the same window: no reload), and
 * back on the Orders page the orders placed meanwhile must show.
 * Without Chromium the step is skipped and says so.
 */
async function dashboardThroughOutage(apiUrl, other, shop, run) {
  if (!fs.existsSync(CHROMIUM)) return { skipped: `${CHROMIUM} is not installed` };
  const { chromium } = require('playwright-core');
  const relay = await startRelay(apiUrl);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const record = { bannerMs: null, crashed: false, recoveredMs: null, sameWindow: false, ordersPlaced: 0, ordersShown: 0, error: null };
  try {
    const page = await (await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } })).newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(`${relay.url}/dashboard/sign-in`);
    await page.evaluate((token) => sessionStorage.setItem('storefront.dashboard.token', token), shop.token);
    // Orders searched for this step's own customers: the load keeps placing orders, which would
    // push them off an unfiltered first page. None yet: the page holds an empty list.
    await page.goto(`${relay.url}/dashboard/orders?search=${encodeURIComponent('Dashboard drill')}`);
    await page.getByRole('heading', { name: /^orders$/i }).waitFor();
    await page.evaluate(() => Object.assign(globalThis, { drillMark: true }));
    const crashScreen = page.getByText(/unexpected application error/i);
    const unreachable = page.getByRole('alert').filter({ hasText: /cannot reach the server/i });

    log('dashboard: Orders open; cutting the relay');
    await relay.cut();
    const cutAt = Date.now();
    await page.getByRole('navigation').getByRole('link', { name: 'Overview', exact: true }).click();
    await unreachable.waitFor();
    record.bannerMs = Date.now() - cutAt;
    const numbers = [];
    for (let i = 0; i < 3; i++) {
      // Recorded as the load's orders are (its ref in customer_notes), so the checks count them.
      const ref = `${run.id}:dashboard:${i}`;
      const at = Date.now();
      const res = await call(`${other.url}/api/v1/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-tenant-id': shop.tenantId },
        body: JSON.stringify({
          customer_name: `Dashboard drill ${i}`,
          customer_phone: '+50499990000',
          customer_notes: ref,
          delivery_type: 'pickup',
          items: [{ product_id: shop.products.plenty, quantity: 1 }],
        }),
      });
      const data = res.status === 201 ? JSON.parse(res.text).data : null;
      run.requests.push({
        kind: 'order',
        ref,
        keyed: false,
        product: 'plenty',
        quantity: 1,
        ...answer(other, 'dashboard-outage', at, res),
        orderId: data?.id ?? null,
      });
      if (data) numbers.push(data.order_number);
    }
    record.ordersPlaced = numbers.length;
    record.crashed = (await crashScreen.count()) > 0;

    log(`dashboard: banner shown, ${numbers.length} orders placed; restoring the relay`);
    await relay.restore();
    const restoredAt = Date.now();
    // The banner retries by itself: no click, no reload.
    await page.getByRole('heading', { name: /^overview$/i }).waitFor({ timeout: 30_000 });
    record.recoveredMs = Date.now() - restoredAt;
    record.crashed ||= (await crashScreen.count()) > 0;
    // Back to the search (history, not a reload): the empty list it held must give way to the orders.
    await page.goBack();
    for (const number of numbers) {
      await page
        .getByText(String(number), { exact: false })
        .first()
        .waitFor({ timeout: 20_000 })
        .then(
          () => record.ordersShown++,
          () => undefined,
        );
    }
    record.sameWindow = await page.evaluate(() => globalThis.drillMark === true);
    log('dashboard: done; closing the browser');
  } catch (error) {
    record.error = String(error.message ?? error).split('\n')[0];
  } finally {
    await browser.close().catch(() => undefined);
    await relay.close();
  }
  return record;
}

/** What PostgreSQL holds once the queued work is done. */
async function readStored(db, run, shop) {
  const acked = new Set(run.requests.filter((r) => r.kind === 'event' && r.status === 202).map((r) => r.marker));
  const readEvents = async () => {
    const rows = (
      await db.query(
        `SELECT metadata->>'marker' AS marker, count(*)::int AS n FROM analytics_events WHERE metadata->>'drill' = $1 GROUP BY 1`,
        [run.id],
      )
    ).rows;
    return Object.fromEntries(rows.map((row) => [row.marker, row.n]));
  };
  // The worker stores what was queued; a job cut off by its SIGKILL waits for BullMQ's stalled check.
  let events = await readEvents();
  for (let i = 0; i < 120 && ![...acked].every((marker) => events[marker]); i++) {
    await sleep(500);
    events = await readEvents();
  }
  const orders = (await db.query('SELECT id, customer_notes AS ref FROM orders WHERE tenant_id = $1 ORDER BY id', [shop.tenantId])).rows;
  const products = {};
  for (const [name, id] of Object.entries(shop.products)) {
    const remaining = (await db.query('SELECT stock FROM products WHERE id = $1', [id])).rows[0].stock;
    const sold = (
      await db.query(
        'SELECT coalesce(sum(i.quantity), 0)::int AS sold FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.tenant_id = $1 AND i.product_id = $2',
        [shop.tenantId, id],
      )
    ).rows[0].sold;
    products[name] = { initial: run.profile.stock[name], remaining, sold };
  }
  const webhookLogs = Object.fromEntries(
    (
      await db.query(`SELECT external_event_id AS id, count(*)::int AS n FROM webhook_logs WHERE external_event_id LIKE $1 GROUP BY 1`, [
        `pay-${run.id}:%`,
      ])
    ).rows.map((row) => [row.id, row.n]),
  );
  const paid = Object.fromEntries(
    (
      await db.query(`SELECT order_id, count(*)::int AS n FROM order_events WHERE tenant_id = $1 AND event = 'paid' GROUP BY 1`, [
        shop.tenantId,
      ])
    ).rows.map((row) => [String(row.order_id), row.n]),
  );
  return { orders: orders.map((o) => ({ id: String(o.id), ref: o.ref })), products, events, webhookLogs, paid };
}

// --- report ---------------------------------------------------------------------------------

const kindOf = (r) => (r.kind === 'order' ? (r.keyed ? 'order (key)' : 'order (no key)') : r.kind);
const PHASES = [
  'baseline',
  'worker-killed',
  'worker-back',
  'redis-down',
  'redis-back',
  'postgres-down',
  'postgres-back',
  'postgres-frozen',
  'postgres-thawed',
  'redis-frozen',
  'redis-thawed',
  'rolling',
  'draining',
];

function percentile(values, p) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function phaseTable(requests) {
  const rows = [];
  for (const phase of PHASES) {
    for (const kind of ['order (no key)', 'order (key)', 'event', 'webhook']) {
      const these = requests.filter((r) => r.phase === phase && kindOf(r) === kind);
      if (these.length === 0) continue;
      const statuses = {};
      for (const r of these) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      const latencies = these.map((r) => r.ms);
      rows.push({
        phase,
        kind,
        requests: these.length,
        statuses: Object.entries(statuses)
          .map(([status, n]) => `${status}×${n}`)
          .join(' '),
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        max: Math.max(...latencies),
      });
    }
  }
  return rows;
}

function printAssertions(results) {
  console.log('\nAssertions:');
  for (const r of results) console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name}: ${r.detail}`);
  const failed = results.filter((r) => !r.ok);
  console.log(failed.length ? `\n${failed.length} of ${results.length} assertions failed.` : `\nAll ${results.length} assertions passed.`);
  return failed.length;
}

// --- the drill ------------------------------------------------------------------------------

async function drill(args) {
  for (const binary of ['redis-server', 'initdb', 'pg_ctl']) {
    if (!which(binary)) throw new Error(`${binary} is not on PATH: the drill needs PostgreSQL and Redis server binaries`);
  }
  const began = Date.now();
  const stock = { plenty: 1_000_000, scarce: 20 * args.clients };
  const run = {
    id: randomUUID(),
    profile: { name: args.profile, ...PROFILES[args.profile], clients: args.clients, outageSeconds: args.outageSeconds, stock },
    marks: {},
    apis: ['a', 'b'],
    terminated: null,
    requests: [],
    readiness: [],
  };
  const { marks } = run;
  const state = { phase: 'baseline', gone: new Set(), stopping: new Set() };
  const postgres = await startPostgres();
  const redis = await startRedis();
  try {
    log(`profile ${args.profile}: private PostgreSQL ${postgres.url}, Redis ${redis.url} (AOF always)`);
    const a = await startApi('a', postgres, redis);
    const [b, firstWorker] = await Promise.all([startApi('b', postgres, redis), startWorker(postgres, redis)]);
    const shop = await seedShop(a.url, run.id, stock);
    log(`api a ${a.url}, api b ${b.url}, worker ${firstWorker.pid}; shop ${shop.tenantId}, stock ${JSON.stringify(stock)}`);

    const load = startLoad({ apis: [a, b], shop, run, clients: args.clients, state });
    // A step (its mark and the phase its requests are counted in) begins once its action is done: the
    // dependency is down (or back, accepting connections) from then.
    const step = async (phase, mark, action, seconds) => {
      await action();
      state.phase = phase;
      marks[mark] = Date.now();
      log(`${phase} (${mark})`);
      await sleep(seconds * 1000);
    };
    await sleep(args.baselineSeconds * 1000);

    await step('worker-killed', 'workerKilled', async () => firstWorker.child.kill('SIGKILL'), args.workerDownSeconds);
    let worker;
    await step(
      'worker-back',
      'workerBack',
      async () => {
        worker = await startWorker(postgres, redis);
      },
      args.recoverySeconds,
    );
    await step('redis-down', 'redisDown', async () => redis.kill(), args.outageSeconds);
    await step('redis-back', 'redisBack', () => redis.start(), args.recoverySeconds);
    await step('postgres-down', 'postgresDown', () => postgres.stopHard(), args.outageSeconds);
    await step('postgres-back', 'postgresBack', () => postgres.start(), args.recoverySeconds);
    // Frozen rather than gone: every request must still get an answer (503, or served) within 3 s.
    await step('postgres-frozen', 'postgresFrozen', () => postgres.freeze(), args.freezeSeconds);
    await step('postgres-thawed', 'postgresThawed', () => postgres.thaw(), args.recoverySeconds);
    await step('redis-frozen', 'redisFrozen', () => redis.freeze(), args.freezeSeconds);
    await step('redis-thawed', 'redisThawed', () => redis.thaw(), args.recoverySeconds);

    // A merchant's dashboard on api a, cut off from it (a relay that stops forwarding): it navigates
    // during the outage, and orders placed through api b meanwhile must show once it is back.
    state.phase = 'dashboard-outage';
    marks.dashboardStart = Date.now();
    log('the dashboard through an outage (Chromium)');
    run.dashboard = await Promise.race([
      dashboardThroughOutage(a.url, b, shop, run),
      guardTimeout(180_000).then(() => ({ error: 'the step did not end within 180 s' })),
    ]);
    marks.dashboardEnd = Date.now();
    log(`dashboard: ${JSON.stringify(run.dashboard)}`);

    // Rolling restart under load: each api in turn is replaced. The new one joins the rotation once
    // ready; the old one gets SIGTERM and leaves the rotation once it has exited. Connections it
    // refuses in between are sent to another api, as a load balancer does.
    state.phase = 'rolling';
    marks.rollingStart = Date.now();
    log('rolling restart under load');
    run.rolling = [];
    const replacements = [];
    for (const old of [a, b]) {
      const started = Date.now();
      const fresh = await startApi(`${old.name}2`, postgres, redis);
      const ready = Date.now();
      load.add(fresh);
      replacements.push(fresh);
      await sleep(1_000);
      state.stopping.add(old.name);
      const sigterm = Date.now();
      old.child.child.kill('SIGTERM');
      const exit = await old.child.exitPromise;
      const exited = Date.now();
      state.gone.add(old.name);
      run.rolling.push({ old: old.name, new: fresh.name, started, ready, sigterm, exited, code: exit.code, signal: exit.signal });
      log(
        `api ${fresh.name} ready after ${ready - started} ms; api ${old.name} exited with code ${exit.code} ${exited - sigterm} ms after SIGTERM`,
      );
    }
    await sleep(1_000);
    marks.rollingEnd = Date.now();
    const [a2, b2] = replacements;

    state.phase = 'draining';
    run.terminated = b2.name;
    state.stopping.add(b2.name);
    marks.sigterm = Date.now();
    b2.child.child.kill('SIGTERM');
    log(`SIGTERM to api ${b2.name} under load`);
    const exit = await b2.child.exitPromise;
    marks.exited = Date.now();
    state.gone.add(b2.name);
    run.shutdown = { code: exit.code, signal: exit.signal, ms: marks.exited - marks.sigterm };
    log(`api ${b2.name} exited with code ${exit.code} after ${run.shutdown.ms} ms`);
    await sleep(1_000);
    await load.stop();

    const db = new Client({ connectionString: postgres.url });
    await db.connect();
    try {
      run.stored = await readStored(db, run, shop);
    } finally {
      await db.end();
    }
    await Promise.all([a.stop(), b.stop(), a2.stop(), b2.stop(), worker.stop(12_000)]);
    run.seconds = Math.round((Date.now() - began) / 1000);

    if (args.record) {
      fs.writeFileSync(args.record, args.record.endsWith('.gz') ? zlib.gzipSync(JSON.stringify(run)) : JSON.stringify(run));
      log(`recorded run written to ${args.record}`);
    }
    console.log('\nRequests by phase (latency in ms; status 0: no HTTP answer, e.g. refused after SIGTERM):');
    console.table(phaseTable(run.requests));
    const failed = printAssertions(checkRun(run));
    log(`drill took ${run.seconds} s (without the build)`);
    return failed ? 1 : 0;
  } finally {
    await stopAll(5_000);
    removeTemporary();
  }
}

/** Each mutant is a bad run made from a recorded one; the checker must fail it on its assertion. */
function mutantCheck(from) {
  const raw = fs.readFileSync(from);
  const recorded = JSON.parse(from.endsWith('.gz') ? zlib.gunzipSync(raw).toString('utf8') : raw.toString('utf8'));
  const baseline = checkRun(recorded);
  console.log(`Recorded run ${from}:`);
  printAssertions(baseline);
  let missed = 0;
  console.log('\nMutants (each must fail its assertion):');
  for (const mutant of MUTANTS) {
    const results = checkRun(mutant.apply(structuredClone(recorded)));
    const target = results.find((r) => r.name.startsWith(mutant.fails));
    const caught = target && !target.ok;
    if (!caught) missed++;
    console.log(
      `${caught ? 'caught' : 'MISSED'}  ${mutant.name} → ${target ? `FAIL ${target.name}: ${target.detail}` : `no assertion "${mutant.fails}"`}`,
    );
  }
  console.log(missed ? `\n${missed} mutants were not caught.` : `\nAll ${MUTANTS.length} mutants caught.`);
  return missed || baseline.some((r) => !r.ok) ? 1 : 0;
}

/** The drill's last check: none of the temporary folders it made is left behind. */
function leftBehind(code) {
  const left = [...temporary].filter((dir) => fs.existsSync(dir));
  if (left.length) console.log(`Temporary folders left behind: ${left.join(', ')}`);
  else if (temporary.size) log(`${temporary.size} temporary folders removed`);
  return left.length ? 1 : code;
}

const args = parseArgs(process.argv.slice(2));
(args.mutant ? Promise.resolve(mutantCheck(args.from)) : drill(args)).then(
  (code) => {
    process.exitCode = leftBehind(code);
  },
  (error) => {
    console.error(error.stack ?? error);
    process.exitCode = 1;
  },
);
