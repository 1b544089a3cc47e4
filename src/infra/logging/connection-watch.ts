import { Logger } from '@nestjs/common';

/**
 * The log of one connection's outages (decisions §13): the first failure of an outage is one JSON
 * warning, the retries that follow are silent, and the first success after it is one "restored"
 * line. Every PostgreSQL pool and Redis client reports through one of these, so that no failure
 * reaches stderr as raw text and an outage does not flood the log.
 */
export class ConnectionWatch {
  private static readonly logger = new Logger('Connections');
  private downSince: number | null = null;

  constructor(
    private readonly dependency: 'postgres' | 'redis',
    private readonly connection: string,
  ) {}

  get down(): boolean {
    return this.downSince !== null;
  }

  failed(error: unknown): void {
    if (this.downSince !== null) return;
    this.downSince = Date.now();
    ConnectionWatch.logger.warn(
      { dependency: this.dependency, connection: this.connection, error: errorSummary(error) },
      'Connection lost; retrying',
    );
  }

  restored(): void {
    if (this.downSince === null) return;
    const downMs = Date.now() - this.downSince;
    this.downSince = null;
    ConnectionWatch.logger.log({ dependency: this.dependency, connection: this.connection, downMs }, 'Connection restored');
  }
}

interface RedisLikeClient {
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'ready', listener: () => void): unknown;
}

/** Every Redis client gets this: its errors are logged once per outage, never printed raw by ioredis. */
export function watchRedisClient(client: RedisLikeClient, connection: string): ConnectionWatch {
  const watch = new ConnectionWatch('redis', connection);
  client.on('error', (error) => watch.failed(error));
  client.on('ready', () => watch.restored());
  return watch;
}

/** What the driver said, without the client object some drivers attach to their errors. */
export function errorSummary(error: unknown): { type: string; message: string; code?: string } {
  const failure = (error ?? {}) as { name?: unknown; message?: unknown; code?: unknown };
  return {
    type: typeof failure.name === 'string' ? failure.name : 'Error',
    message: typeof failure.message === 'string' ? failure.message : String(error),
    ...(typeof failure.code === 'string' ? { code: failure.code } : {}),
  };
}

/**
 * Whether a pg pool was told to end. Its `end()` resolves once it has asked every connection to
 * close, not once each has: an error on one of those connections after that is the close, not an
 * outage.
 */
export function poolEnding(pool: object): boolean {
  return (pool as { ending?: unknown }).ending === true;
}

interface PostgresLikePool {
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'connect', listener: (client: { on(event: 'error', listener: (error: Error) => void): unknown }) => void): unknown;
}

/**
 * A pg pool that holds a connection checked out for long (LISTEN) gets this: errors of idle and of
 * checked-out connections alike are logged once per outage (a checked-out client's error with no
 * listener would end the process), and a new connection marks the end of the outage.
 */
export function watchPostgresPool(pool: PostgresLikePool, connection: string): ConnectionWatch {
  const watch = new ConnectionWatch('postgres', connection);
  const lost = (error: Error) => {
    if (!poolEnding(pool)) watch.failed(error);
  };
  pool.on('error', lost);
  pool.on('connect', (client) => {
    watch.restored();
    client.on('error', lost);
  });
  return watch;
}
