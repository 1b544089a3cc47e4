import { Client, type ClientConfig } from 'pg';
import type { DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from '@migrations';
import { preparedNameOf } from './statements/prepared-statements';
import { trackQuery } from './query-cancellation';
import { UnresponsiveServerWatch } from './unresponsive-server';

export interface DatabaseTimeouts {
  /** Opening one connection (TCP and start-up): an unreachable server fails fast. */
  connectTimeoutMs: number;
  /** One statement, client-side (0: none): a server that stops answering mid-query. */
  queryTimeoutMs: number;
  /** One statement, server-side `statement_timeout` of every pooled connection (0: none): PostgreSQL cancels it. */
  statementTimeoutMs: number;
  /** The same inside a transaction (0: the pool's): writes that wait on row locks under a burst. */
  transactionStatementTimeoutMs: number;
  /**
   * How long a request may wait for a pooled connection when all are busy (a burst, or statements
   * stuck on a frozen server): past it the request is answered 503 rather than queued without end.
   */
  poolWaitMs: number;
  /**
   * A statement unanswered this long makes the pool check that the server still answers at all
   * (unresponsive-server.ts); 0: never checked, a frozen server is noticed at `queryTimeoutMs` only.
   */
  unresponsiveCheckMs: number;
}

const DEFAULT_TIMEOUTS: DatabaseTimeouts = {
  connectTimeoutMs: 1_000,
  queryTimeoutMs: 0,
  statementTimeoutMs: 0,
  transactionStatementTimeoutMs: 0,
  poolWaitMs: 10_000,
  unresponsiveCheckMs: 0,
};

/**
 * pg-pool uses one `connectionTimeoutMillis` both for opening a connection and for waiting for a
 * free one; the two need different bounds, so the connect bound is set on the client itself.
 */
function pooledClient(
  connectTimeoutMs: number,
  transactionStatementTimeoutMs: number,
  watch: UnresponsiveServerWatch | null,
): typeof Client {
  // Sent with TypeORM's own START TRANSACTION, in the same round trip: a transaction's statements
  // (writes, whose waits are row locks taken by other writers) get their own bound.
  const startTransaction =
    transactionStatementTimeoutMs > 0
      ? `START TRANSACTION; SET LOCAL statement_timeout = ${Math.trunc(transactionStatementTimeoutMs)}`
      : null;
  return class extends Client {
    constructor(config?: string | ClientConfig) {
      super({ ...(typeof config === 'string' ? { connectionString: config } : config), connectionTimeoutMillis: connectTimeoutMs });
    }

    private commitBehind = false;
    private sentCommit: Promise<unknown> | null = null;

    /**
     * The next statement's COMMIT goes out right behind it (transaction.ts, `commitRightBehind`):
     * node-postgres sends a queued statement as soon as the one before it is answered, from its own
     * socket handler, so no turn of the event loop separates them. The transaction's own COMMIT
     * (or, if anything failed, its ROLLBACK) then gets the answer of that one instead of being sent.
     */
    commitAfterNextQuery(): void {
      this.commitBehind = true;
    }

    // Each statement a request runs can be cancelled when its client disconnects (query-cancellation.ts).
    override query(...args: unknown[]): never {
      if ((args[0] === 'COMMIT' || args[0] === 'ROLLBACK') && args.length <= 2 && args[1] === undefined) {
        // The transaction ends: a COMMIT asked for behind a statement that was never sent is void.
        this.commitBehind = false;
        if (this.sentCommit) {
          const sent = this.sentCommit;
          this.sentCommit = null;
          return sent as never;
        }
      } else {
        // A COMMIT sent ahead that its transaction never claimed (a connection given up) is stale now.
        this.sentCommit = null;
      }
      if (startTransaction && args[0] === 'START TRANSACTION' && args.length <= 2) args = [startTransaction];
      // A text marked by prepared() (statements/prepared-statements.ts) goes as a named statement.
      if (typeof args[0] === 'string' && Array.isArray(args[1]) && args.length === 2) {
        const name = preparedNameOf(args[0]);
        if (name) args = [{ name, text: args[0], values: args[1] }];
      }
      const [config, values, callback] = args as [{ submit?: unknown } | string, unknown, unknown];
      const returnsPromise =
        typeof values !== 'function' &&
        typeof callback !== 'function' &&
        !(typeof config === 'object' && typeof config?.submit === 'function');
      return trackQuery(this as unknown as Parameters<typeof trackQuery>[0], returnsPromise, () => {
        const submitted = (super.query as (...all: unknown[]) => unknown)(...args);
        if (watch && returnsPromise) watch.watch(this, Promise.resolve(submitted));
        // Only behind a statement actually sent (one a gone client's request abandons is not).
        if (this.commitBehind && returnsPromise) {
          this.commitBehind = false;
          const commit = (super.query as (text: string) => Promise<unknown>)('COMMIT');
          // Answered to the transaction's own COMMIT or ROLLBACK, which always comes.
          commit.catch(() => undefined);
          this.sentCommit = commit;
        }
        return submitted;
      }) as never;
    }
  };
}

/**
 * Migrations are listed explicitly (migrations/index.ts) instead of globbed, so Jest (SWC), ts-node
 * and the compiled build all load the same set. `synchronize` is never on: the schema is what the
 * migrations say. PostgreSQL going away (decisions §13): new connections give up after
 * `connectTimeoutMs`, the pool replaces broken connections by itself, so the service serves again
 * as soon as the server is back.
 */
export function typeormOptions(databaseUrl: string, poolSize = 10, timeouts: Partial<DatabaseTimeouts> = {}): DataSourceOptions {
  const { connectTimeoutMs, queryTimeoutMs, statementTimeoutMs, transactionStatementTimeoutMs, poolWaitMs, unresponsiveCheckMs } = {
    ...DEFAULT_TIMEOUTS,
    ...timeouts,
  };
  const watch =
    unresponsiveCheckMs > 0
      ? new UnresponsiveServerWatch(
          { connectionString: databaseUrl, application_name: 'storefront' },
          unresponsiveCheckMs,
          connectTimeoutMs,
        )
      : null;
  return {
    type: 'postgres',
    url: databaseUrl,
    synchronize: false,
    migrationsRun: false,
    migrations: MIGRATIONS,
    migrationsTableName: 'schema_migrations',
    migrationsTransactionMode: 'each',
    extra: {
      max: poolSize,
      application_name: 'storefront',
      connectionTimeoutMillis: Math.max(poolWaitMs, connectTimeoutMs),
      Client: pooledClient(connectTimeoutMs, transactionStatementTimeoutMs, watch),
      keepAlive: true,
      ...(queryTimeoutMs > 0 ? { query_timeout: queryTimeoutMs } : {}),
      // Sent in the start-up packet: the server's own bound on each statement of the session.
      ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}),
    },
  };
}
