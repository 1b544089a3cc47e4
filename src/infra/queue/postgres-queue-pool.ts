import { Client, Pool, type ClientConfig, type PoolConfig } from 'pg';
import { ConnectionClosedError } from 'bullmq';
import { unavailableDependency } from '@common/errors/dependency-unavailable';
import { UnresponsiveServerWatch } from '@infra/database/unresponsive-server';

export interface QueuePoolSettings {
  connectionString: string;
  /** The schema BullMQ's tables live in: every connection's `search_path`. */
  schema: string;
  /** Connections shared by every queue and worker of the process for their statements. */
  max: number;
  /** Opening one connection: an unreachable server fails fast. */
  connectTimeoutMs: number;
  /**
   * Waiting for a free connection of the pool when all are busy (a burst of worker statements).
   * Adds on the request path wait as long (enqueueOnRequestPath sets no deadline of its own on PostgreSQL).
   */
  poolWaitMs: number;
  /** A pooled connection idle this long is closed. */
  idleCloseMs: number;
  /**
   * A statement unanswered this long makes the pool check that PostgreSQL answers at all, as the
   * app's own pool does (unresponsive-server.ts); 0: never.
   */
  unresponsiveCheckMs: number;
}

/** How the pool's connections show in `pg_stat_activity`. */
export const QUEUE_POOL_APPLICATION_NAME = 'storefront:queues';

/**
 * A statement that failed for want of a connection: the server refused one (too many clients, shutting
 * down, starting up), dropped it, did not answer, or no pooled connection came free in time. It keeps
 * the driver's message and SQLSTATE (so it is answered 503 like the driver's own error) and is a
 * closed connection to BullMQ: its worker pauses before it asks again (`runRetryDelay`,
 * worker-options.ts). BullMQ takes any other error of a worker's fetch as "no job" and asks again
 * at once; with PostgreSQL refusing connections, those at-once attempts took the worker's process
 * and held the server full (test/e2e/queues/queue-pool-refused.e2e-spec.ts).
 */
export class QueueConnectionFailedError extends ConnectionClosedError {
  readonly code?: string;

  constructor(cause: Error & { code?: unknown }) {
    super(cause.message, cause);
    this.name = 'QueueConnectionFailedError';
    if (typeof cause.code === 'string') this.code = cause.code;
  }
}

/** `error` as BullMQ should see it: a connection failure as a closed connection, anything else as it is. */
function forWorkers(error: unknown): unknown {
  if (error instanceof ConnectionClosedError || !(error instanceof Error)) return error;
  return unavailableDependency(error) === 'postgres' ? new QueueConnectionFailedError(error) : error;
}

/** What BullMQ's backend does with the `connect()` of a `pg.Pool`: borrows a client and gives it back. */
interface ReleasableClient extends Client {
  release(destroy?: boolean | Error): void;
}

/**
 * One PostgreSQL pool for every BullMQ queue and worker of a process (QUEUE_BACKEND=postgres).
 *
 * BullMQ's backend given a connection string builds a pool per queue and per worker, so a process
 * with a dozen queues and their workers held 35–45 connections under load, and two such processes
 * took more than a default server's 100. Given an object that looks like a `pg.Pool` instead, it
 * sends every statement through that object's `query()` and only `connect()`s for two things: its
 * schema check at start and a worker's long-lived `LISTEN` connection. This is that object: the
 * statements share one pool of `max` connections, and each `connect()` opens a connection of its
 * own (with TCP keepalive, as the backend's own LISTEN connections have), so that LISTEN never
 * holds a slot of the pool. A process holds at most `max` plus one connection per worker.
 *
 * The backend never ends a pool it was given; each backend leases this one (`lease`) and the pool
 * ends when the last of them has closed, whatever order the application closes them in.
 */
export class PostgresQueuePool {
  /** Read by BullMQ's backend: the LISTEN connections this hands out have TCP keepalive. */
  readonly options = { keepAlive: true };

  private readonly pool: Pool;
  private readonly clientConfig: ClientConfig;
  private leases = 0;
  private ending?: Promise<void>;

  constructor(settings: QueuePoolSettings) {
    const connection: ClientConfig = {
      connectionString: settings.connectionString,
      // BullMQ's statements name their tables unqualified; it sets its schema the same way.
      options: `-c search_path="${settings.schema.replace(/"/g, '""')}"`,
      connectionTimeoutMillis: settings.connectTimeoutMs,
      keepAlive: true,
      // A worker's LISTEN connection is renamed after its queue by BullMQ.
      application_name: QUEUE_POOL_APPLICATION_NAME,
    };
    this.clientConfig = { ...connection, keepAliveInitialDelayMillis: 10_000 };
    // pg-pool's connectionTimeoutMillis bounds both the wait for a free connection and the opening
    // of one; the opening keeps its own, shorter bound on the client.
    const connectTimeoutMs = settings.connectTimeoutMs;
    // A frozen server (connections accepted, nothing answered): its statements' connections are
    // dropped, so that a worker or a request adding a job fails instead of waiting without end.
    const watch =
      settings.unresponsiveCheckMs > 0
        ? new UnresponsiveServerWatch(
            { connectionString: settings.connectionString, application_name: QUEUE_POOL_APPLICATION_NAME },
            settings.unresponsiveCheckMs,
            connectTimeoutMs,
          )
        : null;
    const poolConfig: PoolConfig = {
      ...connection,
      connectionTimeoutMillis: Math.max(settings.poolWaitMs, connectTimeoutMs),
      Client: class extends Client {
        constructor(config?: string | ClientConfig) {
          super({ ...(typeof config === 'string' ? { connectionString: config } : config), connectionTimeoutMillis: connectTimeoutMs });
        }

        // pg-pool's own query() passes a callback: the statement is watched until it is called.
        override query(...args: unknown[]): never {
          const last = args.length - 1;
          if (watch && typeof args[last] === 'function') {
            const callback = args[last] as (...results: unknown[]) => void;
            watch.watch(this, new Promise<void>((settled) => (args[last] = (...results: unknown[]) => (settled(), callback(...results)))));
          }
          const submitted = (super.query as (...all: unknown[]) => unknown)(...args);
          if (watch && submitted instanceof Promise) watch.watch(this, submitted);
          return submitted as never;
        }
      },
      max: settings.max,
      idleTimeoutMillis: settings.idleCloseMs,
      allowExitOnIdle: true,
    };
    this.pool = new Pool(poolConfig);
    // An idle connection that drops is replaced on the next use; the statement that needs it reports any failure.
    this.pool.on('error', () => undefined);
  }

  query(...args: Parameters<Pool['query']>): ReturnType<Pool['query']> {
    // After the end, a closed connection: BullMQ's worker pauses before it asks again for a
    // connection failure, but takes any other error (pg's "Cannot use a pool after calling end")
    // as "no job" and asks again at once, rejected at once: a loop of microtasks that starves the
    // process (test/e2e/queues/queue-pool-ended.e2e-spec.ts).
    if (this.ending) return Promise.reject(new ConnectionClosedError()) as unknown as ReturnType<Pool['query']>;
    const submitted = (this.pool.query as (...all: unknown[]) => unknown)(...args);
    // BullMQ's backend awaits the promise form; a callback (never passed by it) keeps pg's own errors.
    if (!(submitted instanceof Promise)) return submitted as ReturnType<Pool['query']>;
    return submitted.catch((error: unknown) => {
      throw forWorkers(error);
    }) as unknown as ReturnType<Pool['query']>;
  }

  /** A connection of its own, outside the pool; `release()` closes it. */
  async connect(): Promise<ReleasableClient> {
    if (this.ending) throw new ConnectionClosedError();
    const client = new Client(this.clientConfig) as ReleasableClient;
    // Failures reach the caller as rejected statements (BullMQ adds its own listener to a LISTEN
    // connection); an 'error' event with no listener would end the process.
    const swallow = () => undefined;
    client.on('error', swallow);
    try {
      await client.connect();
    } catch (error) {
      void client.end().catch(swallow);
      throw forWorkers(error);
    }
    // BullMQ removes every listener of its LISTEN connection, ours included, before it releases it;
    // the goodbye is not awaited, so a server stopping meanwhile (the embedded one stops right after
    // the app closes) ends the session with an error that, unheard, would end the process.
    client.release = () => {
      client.on('error', swallow);
      void client.end().catch(swallow);
    };
    return client;
  }

  /** Each backend leaves the pool open for the others: see `lease`. */
  end(): Promise<void> {
    return Promise.resolve();
  }

  /** The backend listens for pool errors; this pool has handled its own. */
  on(): this {
    return this;
  }

  /**
   * Counts a backend that uses the pool until its connection emits `close`; the pool ends once none
   * is left. A backend built after that (only during shutdown) gets the pool's own error on use.
   */
  lease(connection: { once(event: 'close', listener: () => void): unknown }): void {
    if (this.ending) return;
    this.leases += 1;
    connection.once('close', () => {
      this.leases -= 1;
      if (this.leases === 0) void this.close();
    });
  }

  /** Ends the pool (idempotent); statements still running finish first. */
  close(): Promise<void> {
    this.ending ??= this.pool.end().catch(() => undefined);
    return this.ending;
  }
}
