import Redis, { RedisOptions } from 'ioredis';
import { watchRedisClient } from '@infra/logging/connection-watch';

/** The longest pause between two reconnect attempts (decisions §13: back within 2 s of Redis's return). */
const MAX_RECONNECT_DELAY_MS = 1_000;
/** Request-path commands: a Redis that accepts the connection but does not answer fails the command after this. */
const COMMAND_TIMEOUT_MS = 1_000;
const CONNECT_TIMEOUT_MS = 1_000;
/** How long start-up waits for the first connection before going on (and answering 503 until it is there). */
const FIRST_CONNECT_WAIT_MS = 2_000;

/** Every Redis connection, BullMQ's included, reconnects at once, then at most every second, forever. */
function reconnectDelay(attempt: number): number {
  return Math.min(attempt * 100, MAX_RECONNECT_DELAY_MS);
}

/** `redis://[:password@]host:port/db` (or `rediss://` for TLS) → ioredis options. */
export function redisOptionsFromUrl(url: string): RedisOptions & { retryStrategy: (attempt: number) => number } {
  const parsed = new URL(url);
  const db = parsed.pathname.replace(/^\//, '');
  return {
    host: parsed.hostname || '127.0.0.1',
    port: parsed.port ? Number(parsed.port) : 6379,
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: db ? Number(db) : 0,
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
    connectTimeout: CONNECT_TIMEOUT_MS,
    retryStrategy: reconnectDelay,
  };
}

/**
 * The shared command connection (cache, rate-limit counters, idempotency records, sessions), made
 * for the request path: while Redis is unreachable a command fails at once (no offline queue) or
 * after COMMAND_TIMEOUT_MS (a Redis that does not answer), so callers answer 503 or fall back
 * instead of hanging; errors are logged once per outage. Resolves once connected, or after
 * FIRST_CONNECT_WAIT_MS with the connection still retrying in the background. Commands issued in
 * the same tick are sent together (ioredis auto-pipelining).
 */
export async function createRedisConnection(url: string): Promise<Redis> {
  const redis = new Redis({
    ...redisOptionsFromUrl(url),
    connectionName: 'storefront:commands',
    enableReadyCheck: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: COMMAND_TIMEOUT_MS,
    // The commands of concurrent requests issued in one tick (each request's rate-limit script,
    // above all) go out in one write: one syscall, and one read on Redis's side, for many.
    enableAutoPipelining: true,
  });
  watchRedisClient(redis, 'commands');
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, FIRST_CONNECT_WAIT_MS);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return redis;
}

/**
 * One connection attempt and a PING, nothing retried: start-up's look at REDIS_URL, so that a wrong
 * host or password is said at once (decisions §19). Throws the client's error.
 */
export async function probeRedis(url: string, timeoutMs: number): Promise<void> {
  const client = new Redis({
    ...redisOptionsFromUrl(url),
    connectTimeout: timeoutMs,
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  // ioredis rejects connect() with a bare "Connection is closed"; the cause (ENOTFOUND, ECONNREFUSED …) is its error event.
  let cause: Error | undefined;
  client.on('error', (error: Error) => (cause ??= error));
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    throw cause ?? error;
  } finally {
    client.disconnect();
  }
}
