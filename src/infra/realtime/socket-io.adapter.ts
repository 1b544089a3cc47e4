import type { INestApplication } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter as createPostgresAdapter } from '@socket.io/postgres-adapter';
import { createAdapter } from '@socket.io/redis-adapter';
import Redis from 'ioredis';
import { Pool, type PoolClient } from 'pg';
import type { Server, ServerOptions } from 'socket.io';
import { withinDeadline } from '@common/errors/dependency-unavailable';
import { Env } from '@config/env.schema';
import { ShutdownState } from '@infra/lifecycle/shutdown-state';
import { watchPostgresPool, watchRedisClient } from '@infra/logging/connection-watch';
import { redisOptionsFromUrl } from '@infra/redis/redis-connection';
import { SOCKET_IO_ATTACHMENTS_TABLE, socketIoChannelKey } from './socket-io-channels';

/** Clients only listen: what they send is the handshake (with its token), nothing bigger. */
const MAX_CLIENT_MESSAGE_BYTES = 16 * 1024;
/** PostgreSQL-only mode: one connection held for LISTEN, one for NOTIFY and the attachments. */
const POSTGRES_POOL_SIZE = 2;
/** How long shutdown waits for Redis to acknowledge QUIT before dropping the connection. */
const QUIT_WAIT_MS = 1_000;

export interface SocketIoSettings {
  /** Unset: PostgreSQL-only mode, events fan out through PostgreSQL (LISTEN/NOTIFY) instead. */
  redisUrl?: string;
  databaseUrl: string;
  databaseConnectTimeoutMs: number;
  /** QUEUE_PREFIX: deployments sharing one Redis keep their events apart (Redis pub/sub ignores the DB index). */
  channelPrefix: string;
  /** CORS_ORIGINS: browsers on these origins may use the long-polling transport. */
  corsOrigins: string;
}

/**
 * Socket.IO servers of this process (decisions §9): attached to the HTTP server (same port as the
 * API), fanned out so that an event published by a worker (infra/realtime/room-publisher.ts)
 * reaches the clients of every API instance:
 * - Redis mode: through Redis (`@socket.io/redis-adapter`). Its two Redis connections (publish,
 *   subscribe) are opened with the first gateway, logged once per outage, reconnect at most a
 *   second apart, and closed when the app closes.
 * - PostgreSQL-only mode (no REDIS_URL, decisions §14): through PostgreSQL's LISTEN/NOTIFY
 *   (`@socket.io/postgres-adapter`), on a small pool of its own: one connection held for LISTEN
 *   (renewed by the adapter after a loss), one for NOTIFY. Packets over NOTIFY's limit go through
 *   the `socket_io_attachments` table.
 * Once shutdown closes the listener, connected clients are dropped at the transport level, so they
 * reconnect, to another instance.
 */
export class SocketIoAdapter extends IoAdapter {
  private readonly redisClients: Redis[] = [];
  private postgres: AdapterPool | null = null;

  constructor(
    app: INestApplication,
    private readonly settings: SocketIoSettings,
    private readonly shutdown: ShutdownState,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, {
      ...options,
      serveClient: false,
      maxHttpBufferSize: MAX_CLIENT_MESSAGE_BYTES,
      cors: corsOptions(this.settings.corsOrigins),
    }) as Server;
    const channelKey = socketIoChannelKey(this.settings.channelPrefix);
    if (this.settings.redisUrl) {
      const publisher = this.redisClient(this.settings.redisUrl, 'socket.io-pub');
      const subscriber = this.redisClient(this.settings.redisUrl, 'socket.io-sub');
      server.adapter(createAdapter(withCommandFailuresHandled(publisher), withCommandFailuresHandled(subscriber), { key: channelKey }));
    } else {
      server.adapter(
        createPostgresAdapter(this.postgresPool(), {
          channelPrefix: channelKey,
          tableName: SOCKET_IO_ATTACHMENTS_TABLE,
          // The pool's watch has logged the outage; the adapter retries on its own.
          errorHandler: () => undefined,
        }),
      );
    }
    this.shutdown.onClosing(() => server.engine.close());
    return server;
  }

  override async dispose(): Promise<void> {
    await Promise.all(this.redisClients.splice(0).map(closeRedisClient));
    const postgres = this.postgres;
    this.postgres = null;
    // Closing the servers closed their adapters, which released their LISTEN connection.
    await postgres?.close();
  }

  private postgresPool(): Pool {
    if (this.postgres) return this.postgres;
    const pool = new AdapterPool({
      connectionString: this.settings.databaseUrl,
      max: POSTGRES_POOL_SIZE,
      connectionTimeoutMillis: this.settings.databaseConnectTimeoutMs,
      application_name: 'storefront:socket.io',
    });
    watchPostgresPool(pool, 'socket.io');
    this.postgres = pool;
    return pool;
  }

  private redisClient(url: string, connection: string): Redis {
    // No per-command retry limit: the subscriptions wait for Redis (however long it is down) and
    // are renewed by ioredis after every reconnect.
    const client = new Redis({
      ...redisOptionsFromUrl(url),
      connectionName: `storefront:${connection}`,
      maxRetriesPerRequest: null,
    });
    watchRedisClient(client, connection);
    this.redisClients.push(client);
    return client;
  }
}

/** Installs the Socket.IO adapter on an HTTP app; before `init()`, so that gateways use it. */
export function useSocketIo(app: INestApplication): void {
  const config = app.get(ConfigService<Env, true>);
  const settings: SocketIoSettings = {
    redisUrl: config.get('REDIS_URL', { infer: true }) || undefined,
    databaseUrl: config.get('DATABASE_URL', { infer: true }),
    databaseConnectTimeoutMs: config.get('DATABASE_CONNECT_TIMEOUT_MS', { infer: true }),
    channelPrefix: config.get('QUEUE_PREFIX', { infer: true }),
    corsOrigins: config.get('CORS_ORIGINS', { infer: true }),
  };
  app.useWebSocketAdapter(new SocketIoAdapter(app, settings, app.get(ShutdownState)));
}

function corsOptions(origins: string): ServerOptions['cors'] {
  if (!origins) return undefined;
  return {
    origin: origins === '*' ? '*' : origins.split(',').map((origin) => origin.trim()),
    methods: ['GET', 'POST'],
    allowedHeaders: ['Authorization'],
  };
}

async function closeRedisClient(client: Redis): Promise<void> {
  if (client.status === 'ready') await withinDeadline(client.quit(), QUIT_WAIT_MS, 'redis').catch(() => undefined);
  client.disconnect();
}

/**
 * The Redis adapter sends (un)subscribe and publish commands without waiting for their answers. One
 * still queued when its client is closed (Redis not answering at shutdown) would reject with nobody
 * listening: an unhandled rejection, which ends the process. Through this view of the client every
 * command's failure is handled; the client's error listener has already logged the outage.
 */
function withCommandFailuresHandled(client: Redis): Redis {
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]): unknown => {
        const result: unknown = (value as (...params: unknown[]) => unknown).apply(target, args);
        if (result instanceof Promise) result.catch(() => undefined);
        return result;
      };
    },
  });
}

/**
 * The PostgreSQL adapter's pool. The adapter checks its LISTEN connection out of it as the server
 * starts, and its `close()` releases only a connection it already holds: an app closed while that
 * connection was still being opened (a start followed at once by a close) left it checked out, and
 * `end()` waited for it forever. Once closed, this pool destroys such a late connection and never
 * answers another `connect()`, so the adapter's reconnection attempts stop there, and `end()` ends.
 * Nor does it answer the failures its closing causes (a connect under way, the `LISTEN` of a
 * connection being set up, that connection's `end`): each would make the adapter schedule one more
 * reconnection after its own `close()`, a timer that kept the process up to 3 s longer.
 */
export class AdapterPool extends Pool {
  private closed = false;
  /** Connections checked out by the adapter itself (its LISTEN), not those of the pool's own queries. */
  private readonly held = new Set<PoolClient>();

  // The adapter's own checkouts use the promise form; the pool's queries the callback form.
  override connect(): Promise<PoolClient>;
  override connect(callback: (error: Error | undefined, client: PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(
    callback?: (error: Error | undefined, client: PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): Promise<PoolClient> | void {
    if (callback) return super.connect(callback);
    if (this.closed) return never();
    return super.connect().then(
      (client) => {
        if (this.closed) {
          client.release(true);
          return never();
        }
        this.held.add(client);
        const release = client.release.bind(client);
        client.release = (destroy?: boolean | Error) => {
          if (!this.held.delete(client)) return;
          release(destroy);
        };
        // The adapter's own statements (LISTEN) are promises; a failure of one caused by closing is not answered.
        const query = client.query.bind(client) as (...args: unknown[]) => unknown;
        (client as { query: unknown }).query = (...args: unknown[]) => {
          const result = query(...args);
          return result instanceof Promise ? result.catch((error: unknown) => (this.closed ? never() : Promise.reject(error))) : result;
        };
        return client;
      },
      (error: unknown) => (this.closed ? never() : Promise.reject(error)),
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const client of [...this.held]) {
      client.removeAllListeners('end');
      client.release(true);
    }
    await this.end().catch(() => undefined);
  }
}

/** The answer to a call on a closed pool: none, so that nothing reacts to it. */
function never(): Promise<never> {
  return new Promise<never>(() => undefined);
}
