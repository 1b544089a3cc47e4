import type { NextFunction, Request, Response } from 'express';
import { Connection } from 'pg';
import { ScopedStorage } from '@common/util/scoped-storage';

/** The part of pg's Client this needs; the statement running, `processID` and `secretKey` are not in its typings. */
interface BackendClient {
  _getActiveQuery(): unknown;
  processID?: number;
  secretKey?: number;
  host: string;
  port: number;
}

/** pg's protocol connection, with the two calls its typings leave out. */
type CancelConnection = Connection & {
  connect(port: number | string, host?: string): void;
  cancel(processID: number, secretKey: number): void;
};

/** What a request has running on PostgreSQL, and whether its client has gone away. */
class RequestQueries {
  readonly running = new Set<BackendClient>();
  abandoned = false;

  /** Cancels every statement still running for the request: its answer has nobody left to read it. */
  abandon(): void {
    this.abandoned = true;
    for (const client of this.running) cancelRunningQuery(client);
  }
}

/**
 * How long an abandoned request's later statements are still refused if it never writes its answer
 * (to nobody); past it they run, bounded by the statement timeout like any other.
 */
const ABANDONED_SCOPE_MS = 10_000;

const current = new ScopedStorage<RequestQueries>();

/** What a statement of an abandoned request fails with: the code PostgreSQL gives a cancelled one (answered 503, to nobody). */
export class QueryAbandonedError extends Error {
  readonly code = '57014';
  constructor() {
    super('canceling statement: the client closed the connection');
  }
}

/**
 * Express middleware: statements that a read (GET, HEAD) runs are cancelled when its client closes
 * the connection before the answer is sent, so a client that gives up on a slow page stops costing
 * a database core at once. Writes run to their end, committed or rolled back as they would be.
 */
export function cancelQueriesOnDisconnect(req: Request, res: Response, next: NextFunction): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') return next();
  // A read whose client is already gone is not started.
  if (res.closed) return;
  const queries = new RequestQueries();
  // The request's scope (ScopedStorage): until its response is sent or, if its client leaves first,
  // until the handler writes its answer to nobody (its later statements are refused until then).
  current.runUntil(
    queries,
    (end) =>
      res.once('close', () => {
        if (res.writableFinished) return end();
        queries.abandon();
        const timer = setTimeout(end, ABANDONED_SCOPE_MS).unref();
        const endResponse = res.end.bind(res) as (...args: unknown[]) => Response;
        res.end = ((...args: unknown[]) => {
          clearTimeout(timer);
          end();
          return endResponse(...args);
        }) as Response['end'];
      }),
    next,
  );
}

/**
 * Runs `submit` (one statement on `client`) tracked by the current request, if any: while it runs,
 * the request's disconnect cancels it. Statements outside a request (jobs, start-up) and those whose
 * result is not a promise (callbacks, cursors) are untouched.
 */
export function trackQuery<T>(client: BackendClient, returnsPromise: boolean, submit: () => T): T {
  const queries = current.getStore();
  if (!queries || !returnsPromise) return submit();
  // Not sent at all: it would only be cancelled.
  if (queries.abandoned) return Promise.reject(new QueryAbandonedError()) as T;
  const result = submit();
  queries.running.add(client);
  const done = () => queries.running.delete(client);
  (result as Promise<unknown>).then(done, done);
  return result;
}

/**
 * PostgreSQL's cancel request (a new socket carrying the backend's key, so it needs no pooled
 * connection). It cancels whatever the backend runs when it arrives, so it is sent only if the
 * client is still busy with the same statement once the socket is open.
 */
function cancelRunningQuery(client: BackendClient): void {
  const query = client._getActiveQuery();
  if (!query || client.processID === undefined) return;
  const connection = new Connection() as CancelConnection;
  connection.on('error', () => undefined);
  connection.once('connect', () => {
    if (client._getActiveQuery() === query) connection.cancel(client.processID!, client.secretKey!);
    else connection.end();
  });
  if (client.host.startsWith('/')) connection.connect(`${client.host}/.s.PGSQL.${client.port}`);
  else connection.connect(client.port, client.host);
}
