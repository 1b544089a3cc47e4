import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
  // A raw PING over TCP: no client library whose reconnect timers could outlive the test.
  const ping = () =>
    new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.setTimeout(1_000);
      const done = (answer: boolean) => {
        socket.destroy();
        resolve(answer);
      };
      socket.once('connect', () => socket.write('PING\r\n'));
      socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
      socket.once('error', () => done(false));
      socket.once('timeout', () => done(false));
    });
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
