import { createServer } from 'node:net';

/** A start-up failure already said in its one line (the message). */
export class StartupRefusal extends Error {
  constructor(line: string) {
    super(line);
    this.name = 'StartupRefusal';
  }
}

/** The settings a start-up failure can name. */
export interface StartupSettings {
  DATABASE_URL?: string;
  REDIS_URL?: string;
  PORT: number;
  GRPC_URL: string;
}

/** A URL as it may be shown: without its password. */
export function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '****';
    return parsed.toString();
  } catch {
    return '(not a URL)';
  }
}

interface Failure {
  code?: string;
  message?: string;
  errno?: number;
  address?: string;
  port?: number;
  hostname?: string;
  errors?: unknown[];
  cause?: unknown;
  driverError?: unknown;
}

/** The error itself, or the first inner one (AggregateError of a dual-stack connect, TypeORM's wrapper) that has a code. */
function coded(error: unknown, depth = 0): Failure | undefined {
  if (!error || typeof error !== 'object' || depth > 3) return undefined;
  const failure = error as Failure;
  if (typeof failure.code === 'string') return failure;
  for (const inner of [...(failure.errors ?? []), failure.driverError, failure.cause]) {
    const found = coded(inner, depth + 1);
    if (found) return found;
  }
  return undefined;
}

function hostOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.port ? `${parsed.hostname}:${parsed.port}` : parsed.hostname;
  } catch {
    return url;
  }
}

/**
 * One line for an error that stops start-up because of a setting (decisions §19): the setting (its
 * URL without the password), what went wrong and what to check. Null for any other error, which
 * keeps its stack.
 */
export function describeStartupFailure(error: unknown, settings: StartupSettings): string | null {
  const failure = coded(error);
  const code = failure?.code ?? '';
  const message = String(failure?.message ?? (error as Error | undefined)?.message ?? '');

  if (code === 'EADDRINUSE' || /EADDRINUSE/.test(message)) {
    return failure?.port === settings.PORT
      ? `PORT (${settings.PORT}): another process listens on ${failure.address ?? '0.0.0.0'}:${settings.PORT}. Stop it, or set PORT to a free port.`
      : `GRPC_URL (${settings.GRPC_URL}): another process listens there. Stop it, or set GRPC_URL to a free address.`;
  }

  const database = settings.DATABASE_URL;
  if (database && isDatabaseFailure(code, message)) {
    const shown = `DATABASE_URL (${withoutPassword(database)})`;
    const host = hostOf(database);
    switch (true) {
      case code === 'ECONNREFUSED':
        return `${shown}: connection refused at ${host}. Is PostgreSQL running there, on that port?`;
      case code === 'ENOTFOUND' || code === 'EAI_AGAIN':
        return `${shown}: unknown host "${failure?.hostname ?? host}". Check the host name.`;
      case code === '28P01':
        return `${shown}: password authentication failed. Check the user name and password.`;
      case code === '28000':
        return `${shown}: the server refused the user (${message}). Check the user name, and pg_hba.conf on the server.`;
      case code === '3D000':
        return `${shown}: the database does not exist and could not be created (${message}). Create it, or give the user CREATEDB.`;
      default:
        return `${shown}: no answer from ${host} (${message || code}). Check that PostgreSQL runs there and that the network lets this host reach it.`;
    }
  }
  return null;
}

/**
 * What start-up says of a REDIS_URL whose first connection failed: fatal for a setting that cannot
 * work (unknown host, refused credentials), a warning for a server that is only not answering yet
 * (the process starts, readiness answers 503 until Redis is there: decisions §13).
 */
export function describeRedisFailure(error: unknown, url: string): { line: string; fatal: boolean } {
  const failure = coded(error);
  const code = failure?.code ?? '';
  const message = String(failure?.message ?? (error as Error | undefined)?.message ?? '');
  const shown = `REDIS_URL (${withoutPassword(url)})`;
  const host = hostOf(url);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return { line: `${shown}: unknown host "${failure?.hostname ?? host}". Check the host name.`, fatal: true };
  }
  if (/WRONGPASS|NOAUTH|AUTH .*without any password|invalid password/i.test(message)) {
    return { line: `${shown}: authentication failed (${message.split('\n')[0]}). Check the password in the URL.`, fatal: true };
  }
  const cause = code === 'ECONNREFUSED' ? `connection refused at ${host}` : `no answer from ${host} (${message || code})`;
  return { line: `${shown}: ${cause}. Starting anyway: the service connects as soon as Redis answers.`, fatal: false };
}

function isDatabaseFailure(code: string, message: string): boolean {
  return (
    ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', '28P01', '28000', '3D000'].includes(code) ||
    /^timeout expired$|^Connection terminated|timeout exceeded when trying to connect/.test(message)
  );
}

/** True once `host:port` can be bound. */
function portIsFree(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/**
 * Waits up to `waitMs` for `host:port` to be free: in development a restart in watch mode starts
 * the new process while the old one still closes its listeners (decisions §19). Answers whether it is.
 */
export async function waitForFreePort(host: string, port: number, waitMs: number): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    if (await portIsFree(host, port)) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
