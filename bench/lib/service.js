'use strict';
/**
 * Starts the built service (`node dist/src/main.js`) as a child process and waits until
 * `GET /health/ready` answers 200 (PostgreSQL and the store reachable, migrations applied).
 *
 * Two modes (decisions §14): `redis` (queues and the store on Redis, REDIS_URL set) and
 * `postgres-only` (no REDIS_URL; STORE_BACKEND=postgres and QUEUE_BACKEND=postgres set explicitly,
 * so the mode does not depend on what the service defaults to when REDIS_URL is absent).
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startNode } = require('./children');
const { request } = require('./http');
const { freePort } = require('./ports');

const REPO_ROOT = path.resolve(__dirname, '..', '..');
const ENTRY = path.join(REPO_ROOT, 'dist', 'src', 'main.js');

/** Rate-limit groups the service declares; all are lifted so the benchmark never measures a 429. */
const THROTTLE_VARIABLES = [
  'THROTTLE_API',
  'THROTTLE_OTP_GENERATION',
  'THROTTLE_OTP_PER_IDENTIFIER',
  'THROTTLE_VERIFICATION',
  'THROTTLE_TRANSACTIONS',
  'THROTTLE_TENANT_AWARE',
  'THROTTLE_STOREFRONT',
  'THROTTLE_AI_GENERATE',
];
const UNLIMITED = '100000000/60';

/** The service's modes, as `--mode` names them. */
const MODES = ['redis', 'postgres-only'];

/**
 * The V8 flags production runs the service with (the Dockerfile's NODE_OPTIONS, `npm run
 * start:prod`): the memory figures depend on them.
 */
const SERVICE_NODE_FLAGS = ['--max-semi-space-size=8', '--max-old-space-size=384'];

/**
 * What the service sets for itself at start-up as an api process (src/infra/lifecycle/heap-tuning.ts,
 * heapFlagsFor('api')); the bare Nest ceiling is given them on its command line, so that it measures
 * the framework under the same heap settings.
 */
const API_HEAP_FLAGS = ['--heap-growing-percent=100'];

/** Variables passed through from the harness's environment; everything else is set explicitly. */
const PASSED_THROUGH = ['PATH', 'HOME', 'LANG', 'LC_ALL', 'TZ', 'TMPDIR', 'NODE_OPTIONS'];

function serviceEnvironment({ port, grpcPort, databaseUrl, redisUrl, mode = 'redis', extra = {} }) {
  if (!MODES.includes(mode)) throw new Error(`Unknown service mode ${mode}: expected ${MODES.join(' or ')}`);
  const env = {};
  for (const name of PASSED_THROUGH) if (process.env[name] !== undefined) env[name] = process.env[name];
  Object.assign(env, {
    NODE_ENV: 'production',
    APP_ROLE: 'api',
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    APP_KEY: 'bench-app-key-not-secret-0123456789abcdef',
    DATABASE_URL: databaseUrl,
    MIGRATIONS_RUN: 'true',
    QUEUE_PREFIX: 'sfbench',
    GRPC_URL: `127.0.0.1:${grpcPort}`,
    // Request logging at info would dominate what is measured.
    LOG_LEVEL: 'warn',
  });
  if (mode === 'redis') Object.assign(env, { REDIS_URL: redisUrl, STORE_BACKEND: 'redis', QUEUE_BACKEND: 'redis' });
  else Object.assign(env, { STORE_BACKEND: 'postgres', QUEUE_BACKEND: 'postgres' });
  for (const name of THROTTLE_VARIABLES) env[name] = UNLIMITED;
  // Seeding registers shops from one address, run after run: not what is measured.
  env.REGISTER_SHOPS_PER_IP_PER_DAY = '100000000';
  return Object.assign(env, extra);
}

/**
 * `mode`: `redis` (default) or `postgres-only` (then `redisUrl` is not used); `env`: variables
 * added to (or overriding) the bench configuration; `nodeArgs`: node flags before the entry point
 * (e.g. `--cpu-prof`).
 * @returns {Promise<{ url: string, pid: number, mode: string, env: object, child: object, cwd: string, stop: () => Promise<void> }>}
 */
async function startService({ databaseUrl, redisUrl, mode = 'redis', env: extra, nodeArgs = [], readyTimeoutMs = 90_000 }) {
  if (!fs.existsSync(ENTRY))
    throw new Error(`${path.relative(process.cwd(), ENTRY)} is missing: run \`npm run build\` first (npm run bench does)`);
  const [port, grpcPort] = [await freePort(), await freePort()];
  const env = serviceEnvironment({ port, grpcPort, databaseUrl, redisUrl, mode, extra });
  // A scratch working directory, so that a developer's `.env` in the repo root is not read: the
  // benchmark runs with exactly the configuration above.
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-'));
  const child = startNode('service', [...SERVICE_NODE_FLAGS, ...nodeArgs, ENTRY], { env, cwd });
  const url = `http://127.0.0.1:${port}`;

  const stop = async () => {
    await child.stop(12_000);
    fs.rmSync(cwd, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(`${url}/health/ready`, child, readyTimeoutMs);
  } catch (error) {
    await stop();
    const tail = child.tail(60);
    error.message += tail ? `\n--- last lines of the service's output ---\n${tail}` : '';
    throw error;
  }
  return { url, pid: child.pid, mode, env, child, cwd, stop };
}

async function waitUntilReady(readyUrl, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exited) {
      throw new Error(`The service exited during start-up (code ${child.exitCode}, signal ${child.signal})`);
    }
    try {
      const res = await request(readyUrl, { timeoutMs: 2000 });
      if (res.status === 200) return;
      last = `${res.status} ${res.body.slice(0, 300)}`;
    } catch (error) {
      last = error.message;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The service did not answer 200 on ${readyUrl} within ${timeoutMs / 1000} s (last: ${last})`);
}

module.exports = { startService, serviceEnvironment, THROTTLE_VARIABLES, MODES, SERVICE_NODE_FLAGS, API_HEAP_FLAGS };
