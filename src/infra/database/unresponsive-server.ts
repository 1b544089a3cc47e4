import { Logger } from '@nestjs/common';
import { Client, type ClientConfig } from 'pg';

/** The part of pg's Client this needs: its protocol connection's socket is not in the typings. */
interface WatchedClient {
  connection?: { stream?: { destroy(): void } };
}

/**
 * Tells a slow statement from a server that stopped answering (frozen, paused, a network
 * blackhole): the server-side `statement_timeout` cannot fire on a server that does not run, and the
 * client's own read timeout is long on purpose (docs/operations.md, "Statement bounds"). A statement
 * still unanswered after `checkAfterMs` makes the pool ask the server, on a connection of its own,
 * whether it answers at all (connect and `SELECT 1`, within `probeTimeoutMs`). Any answer, an error
 * included, means the server is alive: the statement goes on, bounded as before, and is checked
 * again after another `checkAfterMs`. No answer means it is not: the statement's connection is
 * dropped, so the statement fails as a lost connection (answered 503) and the pool opens a new one
 * once the server is back. While the last check found the server silent, a new statement is checked
 * at once rather than after `checkAfterMs`, so that requests of an outage fail within one check.
 *
 * Checks are shared: however many statements wait, one probe runs at a time.
 */
export class UnresponsiveServerWatch {
  private readonly logger = new Logger('Database');
  private probing: Promise<boolean> | null = null;
  private silent = false;

  constructor(
    private readonly config: ClientConfig,
    private readonly checkAfterMs: number,
    private readonly probeTimeoutMs: number,
  ) {}

  /** Watches one statement of `client` until it settles. */
  watch(client: WatchedClient, statement: Promise<unknown>): void {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const arm = (delayMs: number) => {
      timer = setTimeout(() => {
        void this.answers().then((alive) => {
          if (settled) return;
          if (alive) return arm(this.checkAfterMs);
          client.connection?.stream?.destroy();
        });
      }, delayMs);
      timer.unref();
    };
    const done = () => {
      settled = true;
      clearTimeout(timer);
    };
    statement.then(done, done);
    arm(this.silent ? 0 : this.checkAfterMs);
  }

  /** Whether the server answers a new connection within `probeTimeoutMs` (one probe at a time). */
  private answers(): Promise<boolean> {
    this.probing ??= this.probe().then((alive) => {
      this.probing = null;
      if (!alive && !this.silent) {
        this.logger.warn('PostgreSQL does not answer: dropping the connections of statements waiting on it');
      }
      this.silent = !alive;
      return alive;
    });
    return this.probing;
  }

  private async probe(): Promise<boolean> {
    const client = new Client({ ...this.config, connectionTimeoutMillis: this.probeTimeoutMs, query_timeout: this.probeTimeoutMs });
    client.on('error', () => undefined);
    let timer: NodeJS.Timeout | undefined;
    const silence = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), this.probeTimeoutMs);
    });
    // Any answer, an error included (too many connections, a password refused), comes from a live server.
    const answer = (async () => {
      try {
        await client.connect();
        await client.query('SELECT 1');
        return true;
      } catch (error) {
        return !isSilence(error);
      }
    })();
    try {
      return await Promise.race([answer, silence]);
    } finally {
      clearTimeout(timer);
      // Not awaited: a silent server never answers the goodbye either.
      void client.end().catch(() => undefined);
      (client as unknown as WatchedClient).connection?.stream?.destroy();
    }
  }
}

/** pg's own timeouts, a socket the peer dropped, or nothing listening: no live server answered. */
function isSilence(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  const code = (error as { code?: unknown } | null)?.code;
  return (
    /^(timeout expired|Query read timeout|Connection terminated)/.test(message) ||
    code === 'ECONNREFUSED' ||
    code === 'ECONNRESET' ||
    code === 'ETIMEDOUT' ||
    code === 'EHOSTUNREACH'
  );
}
