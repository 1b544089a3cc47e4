/**
 * Where tests run: a database of their own (its name must contain "test") and a Redis DB index of
 * their own. Override with TEST_DATABASE_URL / TEST_REDIS_URL (and the backends with
 * TEST_STORE_BACKEND / TEST_QUEUE_BACKEND). test/support/test-servers.js decides before the run
 * which servers answer: with no PostgreSQL server, globalSetup puts an embedded one's URL in
 * TEST_DATABASE_URL; with no Redis (TEST_REDIS=absent) the apps run without REDIS_URL, PostgreSQL-only.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/storefront_test';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/13';
/** QUEUE_PREFIX of the test apps: Redis pub/sub ignores the DB index, so runs sharing one Redis keep their events apart by it. */
export const TEST_QUEUE_PREFIX = process.env.TEST_QUEUE_PREFIX ?? 'sf';
/** A shared Redis answers at TEST_REDIS_URL (decided once per run; true when nothing decided, e.g. a lone test file). */
export const SHARED_REDIS = process.env.TEST_REDIS !== 'absent';
/** The key-value store the suites run on: `redis` when a Redis answers, else `postgres` (decisions §14). */
export const TEST_STORE_BACKEND = process.env.TEST_STORE_BACKEND ?? (SHARED_REDIS ? 'redis' : 'postgres');
/** Where the test apps keep their queues (QUEUE_BACKEND): as the store, `redis` when a Redis answers. */
export const TEST_QUEUE_BACKEND = process.env.TEST_QUEUE_BACKEND ?? (SHARED_REDIS ? 'redis' : 'postgres');

export function assertTestDatabase(url: string): void {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  if (!name.toLowerCase().includes('test')) {
    throw new Error(`Refusing to run tests against database "${name}": its name must contain "test".`);
  }
}

/**
 * Generous rate limits, and a different one for each group, so that a response's X-RateLimit-Limit
 * names the group that counted the request. Spaced widely, so that the tightest group of a route in
 * two groups stays the one with the lower limit.
 */
export const TEST_RATE_LIMITS = {
  api: 100_000,
  otpGeneration: 110_000,
  otpPerIdentifier: 120_000,
  verification: 130_000,
  transactions: 140_000,
  tenantAware: 150_000,
  aiGenerate: 160_000,
  storefront: 180_000,
  aiOptimize: 170_000,
} as const;

/** The environment every test app starts from: generous limits, quiet logs, no auto-migration. */
export const TEST_ENV: Record<string, string> = {
  NODE_ENV: 'test',
  APP_ROLE: 'all',
  APP_URL: 'http://localhost:3000',
  APP_KEY: 'test-app-key-0123456789abcdef0123456789abcdef',
  DATABASE_URL: TEST_DATABASE_URL,
  // The production pool; the queue pool (PostgreSQL-only mode) half of it. Three workers' apps share
  // one server's 100 connections, and a PostgreSQL-only app holds a LISTEN connection per queue
  // worker besides (docs/testing.md "Parallel workers").
  DATABASE_POOL_SIZE: '10',
  QUEUE_DATABASE_POOL_SIZE: '4',
  // PostgreSQL-only mode (decisions §14): no REDIS_URL at all (setup-env removes an inherited one).
  ...(SHARED_REDIS ? { REDIS_URL: TEST_REDIS_URL } : {}),
  STORE_BACKEND: TEST_STORE_BACKEND,
  QUEUE_PREFIX: TEST_QUEUE_PREFIX,
  QUEUE_BACKEND: TEST_QUEUE_BACKEND,
  MIGRATIONS_RUN: 'false',
  // The production bound (1 s) is for a server that is away. On a loaded machine a new connection
  // to a healthy server (the embedded one of a bare-machine run above all) can take longer, and a
  // test app that cannot open its pool fails a whole file; tests of the bound set their own.
  DATABASE_CONNECT_TIMEOUT_MS: '5000',
  // Likewise the outage bounds (1 s for a pooled connection, a check that PostgreSQL answers after
  // 0.5 s): on a loaded machine a healthy server can be that slow, and a busy test app would answer
  // 503 or drop connections for nothing. The outage suites set the production values
  // (OUTAGE_BOUNDS below).
  DATABASE_POOL_WAIT_MS: '10000',
  DATABASE_UNRESPONSIVE_CHECK_MS: '3000',
  // Processes spawned by tests shut down without waiting for load balancers.
  SHUTDOWN_DRAIN_MS: '100',
  LOG_LEVEL: 'silent',
  TRUST_PROXY: 'loopback',
  THROTTLE_API: `${TEST_RATE_LIMITS.api}/60`,
  THROTTLE_OTP_GENERATION: `${TEST_RATE_LIMITS.otpGeneration}/60`,
  THROTTLE_OTP_PER_IDENTIFIER: `${TEST_RATE_LIMITS.otpPerIdentifier}/3600`,
  THROTTLE_VERIFICATION: `${TEST_RATE_LIMITS.verification}/60`,
  THROTTLE_TRANSACTIONS: `${TEST_RATE_LIMITS.transactions}/60`,
  THROTTLE_TENANT_AWARE: `${TEST_RATE_LIMITS.tenantAware}/60`,
  THROTTLE_STOREFRONT: `${TEST_RATE_LIMITS.storefront}/60`,
  THROTTLE_AI_GENERATE: `${TEST_RATE_LIMITS.aiGenerate}/3600`,
  THROTTLE_AI_OPTIMIZE: `${TEST_RATE_LIMITS.aiOptimize}/3600`,
  // Shops per client network and day: every test registers from the loopback address; the limit
  // itself is proven with client addresses of its own (rate-limit/rate-limit.e2e-spec.ts).
  REGISTER_SHOPS_PER_IP_PER_DAY: '1000000',
  OUTBOX_POLL_INTERVAL_MS: '100',
  API_DOCS_ENABLED: 'true',
  // No resolver is reachable from a test machine; the social sign-in suite turns this on with a local DNS server.
  EMAIL_DNS_CHECK: 'false',
};

/** The production bounds of an outage, for the suites whose subject they are (docs/operations.md, "Statement bounds"). */
export const OUTAGE_BOUNDS: Record<string, string> = {
  DATABASE_CONNECT_TIMEOUT_MS: '1000',
  DATABASE_POOL_WAIT_MS: '1000',
  DATABASE_UNRESPONSIVE_CHECK_MS: '500',
};
