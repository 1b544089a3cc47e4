import Redis, { RedisOptions } from 'ioredis';

/** `redis://[:password@]host:port/db` (or `rediss://` for TLS) → ioredis options. */
export function redisOptionsFromUrl(url: string): RedisOptions {
  const parsed = new URL(url);
  const db = parsed.pathname.replace(/^\//, '');
  return {
    host: parsed.hostname || '127.0.0.1',
    port: parsed.port ? Number(parsed.port) : 6379,
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: db ? Number(db) : 0,
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
  };
}

/**
 * The one place Redis connections are made. `blocking` connections (BullMQ workers) must never
 * give up on a command; request-path connections fail fast so a Redis outage turns into a 503 or
 * a failed health check rather than a hung request.
 */
export function createRedisConnection(url: string, purpose: 'commands' | 'blocking' = 'commands'): Redis {
  return new Redis({
    ...redisOptionsFromUrl(url),
    connectionName: `storefront:${purpose}`,
    lazyConnect: false,
    enableReadyCheck: true,
    maxRetriesPerRequest: purpose === 'blocking' ? null : 2,
    connectTimeout: 5_000,
  });
}
