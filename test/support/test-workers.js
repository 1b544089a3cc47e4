/**
 * What each Jest worker of a run owns, so that test files running at the same time never share
 * data: worker N (JEST_WORKER_ID, 1 in a run in band) gets
 *
 * - its own database, `<base>_w<N>`, created by globalSetup from the migrated `<base>` database
 *   (TEST_DATABASE_URL names the base);
 * - its own Redis DB index, counted down from the base index of TEST_REDIS_URL (13, 12, 11, …);
 * - its own QUEUE_PREFIX, `<base>-w<N>` (Redis pub/sub ignores the DB index);
 * - its own range of loopback ports for the servers a test starts on a port it chose (freePort).
 *
 * Plain JavaScript: jest.config.js, globalSetup and the per-file setup all read it.
 */
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/storefront_test';
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379/13';
const REDIS_DATABASES = 16;
/** Below Linux's ephemeral range (32768+), so no port the OS hands out for `listen(0)` falls in it. */
const PORT_BASE = 20_000;
const PORTS_PER_WORKER = 1_000;

/** How many workers `npm test` runs: TEST_WORKERS, else 3 (the suite waits on its servers more than it computes). */
function testWorkers(env = process.env) {
  const wanted = Number(env.TEST_WORKERS ?? 3);
  return Number.isInteger(wanted) && wanted >= 1 && wanted <= 8 ? wanted : 3;
}

function workerDatabaseUrl(baseUrl, worker) {
  const url = new URL(baseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  url.pathname = `/${encodeURIComponent(`${name}_w${worker}`)}`;
  return url.toString();
}

function workerRedisUrl(baseUrl, worker) {
  if (baseUrl === 'none') return baseUrl;
  const url = new URL(baseUrl);
  const base = Number(url.pathname.replace(/^\//, '') || 0);
  url.pathname = `/${(((base - (worker - 1)) % REDIS_DATABASES) + REDIS_DATABASES) % REDIS_DATABASES}`;
  return url.toString();
}

/** The servers of worker `worker` (1-based), from the base settings in `env`. */
function workerServers(worker, env = process.env) {
  return {
    databaseUrl: workerDatabaseUrl(env.TEST_DATABASE_URL ?? DEFAULT_DATABASE_URL, worker),
    redisUrl: workerRedisUrl(env.TEST_REDIS_URL ?? DEFAULT_REDIS_URL, worker),
    queuePrefix: `${env.TEST_QUEUE_PREFIX ?? 'sf'}-w${worker}`,
    ports: { from: PORT_BASE + (worker - 1) * PORTS_PER_WORKER, count: PORTS_PER_WORKER },
  };
}

module.exports = { testWorkers, workerServers };
