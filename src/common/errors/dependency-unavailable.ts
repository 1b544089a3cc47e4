/** What a client sees while PostgreSQL or Redis is unreachable (decisions §13). */
export const DEPENDENCY_UNAVAILABLE_MESSAGE = 'Service temporarily unavailable.';
/** Seconds a client is asked to wait before retrying: reconnects are attempted at least every second. */
export const DEPENDENCY_RETRY_AFTER_SECONDS = 5;

/**
 * Thrown where the service itself gives up on a dependency (a queue that does not take a job in
 * time, a Redis client that is not connected): answered 503 like the driver errors below.
 */
export class DependencyUnavailableError extends Error {
  constructor(
    readonly dependency: string,
    reason: string,
  ) {
    super(`${dependency} unavailable: ${reason}`);
    this.name = 'DependencyUnavailableError';
  }
}

// Socket-level failures (also inside an AggregateError of a dual-stack connect).
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// SQLSTATE 08xxx: connection exception; 57P01-57P03: the server is shutting down, crashed or
// not accepting connections yet; 53300: too many connections.
const PG_UNAVAILABLE = /^(08...|57P0[123]|53300)$/;

// What pg and pg-pool say when the connection, rather than the statement, failed.
const POSTGRES_CONNECTION_MESSAGES = [
  /^Connection terminated/, // pg: the server went away mid-query or during connect
  /^timeout exceeded when trying to connect$/, // pg-pool: no connection within connectionTimeoutMillis
  /^Query read timeout$/, // pg: query_timeout
  /^timeout expired$/, // pg: connect timeout of a new client
  /is not queryable$/, // pg: a client whose connection already failed
];

// What ioredis says when the connection, rather than the command, failed.
const REDIS_CONNECTION_MESSAGES = [
  /^Connection is closed\.?$/, // ioredis: the socket closed with the command pending
  /^Stream isn't writeable and enableOfflineQueue options is false$/, // ioredis: not connected
  /^Command timed out$/, // ioredis: commandTimeout
  /^Reached the max retries per request limit/, // ioredis: MaxRetriesPerRequestError
];

/**
 * True when `error` says a dependency could not be reached (connection refused, dropped, timed
 * out), as opposed to a statement or command it refused: that is a 503, not a 500.
 */
export function isDependencyUnavailable(error: unknown): boolean {
  return unavailableDependency(error) !== undefined;
}

/**
 * Which dependency `error` says could not be reached (`postgres`, `redis`, or what a
 * DependencyUnavailableError names), or undefined when it is not such a failure. A bare socket
 * error (ECONNREFUSED…) reaches a request only from pg: ioredis fails the commands of a broken
 * connection with its own messages.
 */
export function unavailableDependency(error: unknown, depth = 0): string | undefined {
  if (error instanceof DependencyUnavailableError) return error.dependency;
  if (!error || typeof error !== 'object' || depth > 3) return undefined;
  const failure = error as { code?: unknown; message?: unknown; errors?: unknown; driverError?: unknown; cause?: unknown };
  if (typeof failure.code === 'string' && (NETWORK_CODES.has(failure.code) || PG_UNAVAILABLE.test(failure.code))) return 'postgres';
  if (typeof failure.message === 'string') {
    const message = failure.message;
    if (POSTGRES_CONNECTION_MESSAGES.some((pattern) => pattern.test(message))) return 'postgres';
    if (REDIS_CONNECTION_MESSAGES.some((pattern) => pattern.test(message))) return 'redis';
  }
  if (Array.isArray(failure.errors)) {
    for (const inner of failure.errors as unknown[]) {
      const dependency = unavailableDependency(inner, depth + 1);
      if (dependency) return dependency;
    }
  }
  return unavailableDependency(failure.driverError, depth + 1) ?? unavailableDependency(failure.cause, depth + 1);
}

/**
 * True when PostgreSQL cancelled the statement (SQLSTATE 57014): it ran past
 * DATABASE_STATEMENT_TIMEOUT_MS, or its request's client went away. Answered 503: the same request
 * may well succeed when the database is less busy.
 */
export function isStatementCancelled(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const failure = error as { code?: unknown; driverError?: unknown; cause?: unknown };
  if (failure.code === '57014') return true;
  return isStatementCancelled(failure.driverError, depth + 1) || isStatementCancelled(failure.cause, depth + 1);
}

/**
 * True for every failure the service answers 503 for: a dependency out of reach, or a statement
 * PostgreSQL cancelled. A cached answer may stand in for such a failure (docs/storefront.md, "When
 * PostgreSQL or Redis is away").
 */
export function isAnsweredUnavailable(error: unknown): boolean {
  return isDependencyUnavailable(error) || isStatementCancelled(error);
}

/**
 * `work`, or a DependencyUnavailableError once `ms` have passed: for calls into a dependency that
 * may wait indefinitely for a reconnect (BullMQ's producers queue commands while disconnected).
 */
export async function withinDeadline<T>(work: Promise<T>, ms: number, dependency: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DependencyUnavailableError(dependency, `no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
