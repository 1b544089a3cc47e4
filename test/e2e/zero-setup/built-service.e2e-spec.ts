import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { chmod, mkdtemp, readdir, readFile, readlink, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { newestChange } from '@test/support/dashboard-build';
import { freePort } from '@test/support/test-app';
import { jsonApi, postgresProcessesOf, registerAndSellOut } from '@test/support/zero-setup';
import { waitFor } from '@test/support/wait';

/** TCP connections the process holds to port 6379 (Redis's), from /proc: its sockets matched with the kernel's table. */
async function redisConnectionsOf(pid: number): Promise<number> {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of (await readFile(table, 'utf8').catch(() => '')).split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length > 9 && fields[2].endsWith(':18EB')) inodes.add(fields[9]);
    }
  }
  let count = 0;
  for (const fd of await readdir(`/proc/${pid}/fd`)) {
    const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
    if (inodes.has(/^socket:\[(\d+)\]$/.exec(target)?.[1] ?? '')) count += 1;
  }
  return count;
}

interface Service {
  pid: number;
  output: () => string;
  stop: () => Promise<number | null>;
  kill: () => void;
}

/**
 * Issue 13's proof: the BUILT service (`node dist/src/main.js`, as `npm run serve` runs it) with no
 * DATABASE_URL, no REDIS_URL and no APP_KEY, in an empty DATA_DIR: embedded PostgreSQL and
 * PostgreSQL-only mode, no Redis at all. It serves the whole flow, keeps its promises under
 * concurrency, and finds its data again after a restart.
 */
describe('The built service on a bare machine: no DATABASE_URL, REDIS_URL or APP_KEY (issue 13, decisions §14)', () => {
  let dataDir: string;
  let running: Service | undefined;

  // The server's part of `npm run build` (`nest build`: tsc with tsconfig.build.json, the path
  // aliases rewritten), only when dist/src is older than a source. With a configuration that keeps
  // dist/ (test/support/nest-cli.server-only.json): the project's own empties it first, and the
  // browser tests running meanwhile serve the dashboard and the shop's assets from it (globalSetup
  // built those).
  beforeAll(() => {
    const entry = join(process.cwd(), 'dist/src/main.js');
    const newestSource = Math.max(...['src', 'migrations', 'client/src'].map((dir) => newestChange(join(process.cwd(), dir))));
    if (existsSync(entry) && statSync(entry).mtimeMs >= newestSource) return;
    const nest = require.resolve('@nestjs/cli/bin/nest.js');
    const build = spawnSync(process.execPath, [nest, 'build', '--config', 'test/support/nest-cli.server-only.json'], {
      cwd: process.cwd(),
      encoding: 'utf8',
      timeout: 240_000,
    });
    if (build.status !== 0) throw new Error(`nest build (server only) failed:\n${build.stdout}\n${build.stderr}`);
  }, 250_000);

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'storefront-built-'));
    // Under root the embedded server runs as `postgres`, which must be able to enter the directory.
    await chmod(dataDir, 0o755);
  });

  afterAll(async () => {
    running?.kill();
    for (const pid of await postgresProcessesOf(join(dataDir, 'postgres'))) process.kill(pid, 'SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  /** `node dist/src/main.js` with only what a newcomer would have: PATH, HOME, a port and a data directory. */
  async function start(port: number): Promise<Service> {
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      PORT: String(port),
      GRPC_URL: `127.0.0.1:${await freePort()}`,
      // Its own names, though it shares nothing with the suite: no Redis, its own PostgreSQL.
      QUEUE_PREFIX: `built-${process.pid}`,
      THROTTLE_VERIFICATION: '5/60',
      LOG_LEVEL: 'info',
      // As every test app (test/support/test-env.ts): on a machine busy with the rest of the suite, a
      // new connection to the embedded server has taken over the production 1 s, and the start failed.
      DATABASE_CONNECT_TIMEOUT_MS: '5000',
    };
    const child = spawn(process.execPath, ['dist/src/main.js'], { cwd: process.cwd(), env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    let code: number | null | undefined;
    const exited = new Promise<number | null>((resolve) => child.on('close', (exitCode) => resolve((code = exitCode))));
    const service: Service = {
      pid: child.pid ?? 0,
      output: () => output,
      kill: () => child.kill('SIGKILL'),
      stop: async () => {
        child.kill('SIGTERM');
        let timer: NodeJS.Timeout | undefined;
        const result = await Promise.race([
          exited,
          new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), 20_000))),
        ]);
        clearTimeout(timer);
        if (result === 'timeout') throw new Error(`no exit within 20 s after SIGTERM:\n${output}`);
        running = undefined;
        return result;
      },
    };
    running = service;
    try {
      await waitFor(() => code !== undefined || output.includes('Storefront API listening'), {
        timeoutMs: 60_000,
        what: 'the API listening',
      });
    } catch (error) {
      child.kill('SIGKILL');
      throw new Error(`${(error as Error).message}\n${output}`);
    }
    if (code !== undefined) throw new Error(`exited (${code}) before listening:\n${output}`);
    return service;
  }

  it('registers, sells exactly the stock under concurrency, stores a tracked event, rate-limits, and keeps it all across a restart', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const api = jsonApi(base);

    const first = await start(port);
    expect(first.output()).toMatch(/embedded PostgreSQL on 127\.0\.0\.1:\d+/);
    const health = (await (await api('/health')).json()) as {
      mode: string;
      backends: Record<string, string>;
      checkResults: Array<{ name: string }>;
    };
    expect(health.mode).toBe('postgres-only');
    expect(health.backends).toEqual({ store: 'postgres', queues: 'postgres', realtime: 'postgres' });
    expect(health.checkResults.map((check) => check.name)).not.toContain('RedisPersistence');
    expect((await api('/health/ready')).status).toBe(200);

    // 8 concurrent orders on a stock of 5: exactly 5 taken, the others refused.
    const { token, tenantId, statuses } = await registerAndSellOut(api, 'Bare');
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 422)).toHaveLength(3);

    // A tracked event is accepted, then stored (by the worker of the same process, off the PostgreSQL queue).
    const tracked = await api('/api/v1/analytics/track', {
      method: 'POST',
      body: { tenant_id: tenantId, type: 'call', metadata: { from: 'bare' } },
    });
    expect(tracked.status).toBe(202);
    const port0 = Number(/embedded PostgreSQL on 127\.0\.0\.1:(\d+)/.exec(first.output())?.[1]);
    const password = (await readFile(join(dataDir, 'postgres-password'), 'utf8')).trim();
    const db = new Client({ host: '127.0.0.1', port: port0, user: 'postgres', password, database: 'storefront' });
    await db.connect();
    try {
      await waitFor(async () => (await db.query('SELECT 1 FROM analytics_events WHERE tenant_id = $1', [tenantId])).rowCount === 1, {
        timeoutMs: 15_000,
        what: 'the tracked event stored',
      });
    } finally {
      await db.end();
    }

    // A rate limit (THROTTLE_VERIFICATION=5/60), counted in PostgreSQL: exactly 5 of 8 concurrent pass.
    const verifies = await Promise.all(
      Array.from({ length: 8 }, () =>
        api('/api/v1/coupons/verify', { method: 'POST', body: { tenant_id: tenantId, code: 'NONE', cart_subtotal: 10 } }).then(
          (res) => res.status,
        ),
      ),
    );
    expect(verifies.filter((status) => status === 429)).toHaveLength(3);

    // PostgreSQL-only: the process opened no connection to Redis (one runs on this machine's 6379).
    expect(await redisConnectionsOf(first.pid)).toBe(0);

    expect({ code: await first.stop(), output: first.output() }).toEqual({ code: 0, output: expect.stringContaining('Shut down cleanly') });
    expect(first.output()).toContain('embedded PostgreSQL stopped');
    expect(await postgresProcessesOf(join(dataDir, 'postgres'))).toEqual([]);
    // Nothing was logged as raw text (a Redis client would print connection errors): the logger's
    // lines only, readable in development (pino-pretty: a time and level, or a field indented under it).
    expect(
      first
        .output()
        .split('\n')
        .filter((line) => line.trim() !== '' && !/^\[\d\d:\d\d:\d\d\.\d{3}\] [A-Z]+: |^ {4}/.test(line)),
    ).toEqual([]);

    // Restarted: the same data directory, the same key, the same database.
    const second = await start(port);
    const orders = await api('/api/v1/orders', { token });
    expect(orders.status).toBe(200);
    expect(((await orders.json()) as { data: unknown[] }).data).toHaveLength(5);
    expect({ code: await second.stop(), output: second.output() }).toEqual({
      code: 0,
      output: expect.stringContaining('Shut down cleanly'),
    });
  }, 180_000);
});
