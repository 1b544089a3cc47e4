import { ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { useStarted } from './lifecycle';
import { freePort } from './test-app';
import { waitFor } from './wait';

/**
 * Servers of a test's own, on free loopback ports, for tests that break a dependency (stop it,
 * pause it, restart it) or need one configured differently. The shared 127.0.0.1:5432 and :6379
 * servers are never touched.
 */
export interface PrivateServer {
  port: number;
  url: string;
  /** Graceful stop (SIGTERM), waiting for the exit. */
  stop(): Promise<void>;
  /** SIGKILL: the process vanishes mid-flight. */
  kill(): Promise<void>;
  /** SIGSTOP: connections stay open but nothing answers (a hung server). */
  pause(): void;
  resume(): void;
  /** Starts it again on the same port (after stop or kill). */
  restart(): Promise<void>;
}

/** PostgreSQL also stops the way an operator's `pg_ctl stop -m immediate` does. */
export interface PrivatePostgres extends PrivateServer {
  /** `pg_ctl stop -m immediate`: every backend quits at once, no checkpoint. */
  stopImmediately(): Promise<void>;
}

/** True when the binary is on PATH; suites `describe.skip` (saying why) when it is not. */
export function hasBinary(name: string): boolean {
  try {
    execFileSync('which', [name], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * A private `redis-server`: no persistence unless `args` ask for it (then in a temporary directory,
 * removed on stop). `args` are redis-server's own, e.g. `['--appendonly', 'yes']`.
 */
export async function startRedisServer(args: string[] = []): Promise<PrivateServer> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'sf-redis-'));
  const url = `redis://127.0.0.1:${port}/0`;
  const fullArgs = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no', ...args];
  const ping = async () => {
    const client = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    try {
      await client.connect();
      return (await client.ping()) === 'PONG';
    } finally {
      client.disconnect();
    }
  };
  const launch = async () => {
    const child = spawn('redis-server', fullArgs, { stdio: 'ignore' });
    await waitFor(ping, { timeoutMs: 10_000, what: `redis-server on port ${port}` });
    return child;
  };
  let child: ChildProcess | undefined = await launch();
  const end = async (signal: NodeJS.Signals) => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGCONT');
    running.kill(signal);
    await exited;
  };
  return {
    port,
    url,
    stop: async () => {
      await end('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
    kill: () => end('SIGKILL'),
    pause: () => child?.kill('SIGSTOP'),
    resume: () => child?.kill('SIGCONT'),
    restart: async () => {
      await end('SIGTERM');
      child = await launch();
    },
  };
}

/** A private Redis for a describe block: started in its beforeAll, stopped (and its files removed) in its afterAll. */
export function useRedisServer(args: string[] = []): PrivateServer {
  return useStarted(
    () => startRedisServer(args),
    (server) => server.stop(),
  );
}

/**
 * A private PostgreSQL cluster (initdb in a temporary directory, trust auth, no fsync) on a free
 * loopback port; `url` names a database `storefront_test` that does not exist yet (runMigrations
 * creates it). As root, initdb and pg_ctl run as the `postgres` user, which must own the directory.
 */
export async function startPostgresServer(settings: Record<string, string | number> = {}): Promise<PrivatePostgres> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'sf-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const run = (command: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const [file, fileArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
      execFile(file, fileArgs, { timeout: 60_000 }, (error, _stdout, stderr) =>
        error ? reject(new Error(`${command} failed: ${error.message}\n${stderr}`)) : resolve(),
      );
    });
  const data = join(dir, 'data');
  await run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const extra = Object.entries(settings).map(([name, value]) => ` -c ${name}=${value}`);
  const options = `-p ${port} -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off${extra.join('')}`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '30', 'start']);
  const stopWith = (mode: 'fast' | 'immediate') => run('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']).catch(() => undefined);
  const postmasterPid = () =>
    Number(
      execFileSync('head', ['-1', join(data, 'postmaster.pid')])
        .toString()
        .trim(),
    );
  const signal = (name: NodeJS.Signals) => {
    // The postmaster and its backends: a paused postmaster alone still lets open sessions answer.
    const pid = postmasterPid();
    process.kill(pid, name);
    for (const child of execFileSync('pgrep', ['-P', String(pid)])
      .toString()
      .split('\n')
      .filter(Boolean)) {
      process.kill(Number(child), name);
    }
  };
  await start();
  return {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/storefront_test`,
    stop: async () => {
      await stopWith('fast');
      rmSync(dir, { recursive: true, force: true });
    },
    stopImmediately: () => stopWith('immediate'),
    kill: async () => signal('SIGKILL'),
    pause: () => signal('SIGSTOP'),
    resume: () => signal('SIGCONT'),
    restart: async () => {
      await stopWith('fast');
      await start();
    },
  };
}

/**
 * A private PostgreSQL for a describe block: started in its beforeAll, removed in its afterAll.
 * `settings` are server settings (`{ max_connections: 60 }`).
 */
export function usePostgresServer(settings: Record<string, string | number> = {}): PrivatePostgres {
  return useStarted(
    () => startPostgresServer(settings),
    (server) => server.stop(),
  );
}
