import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ChildRun, spawnTs, startMain } from '@test/support/cli';
import { freePort } from '@test/support/test-app';
import { jsonApi, postgresProcessesOf, registerAndSellOut } from '@test/support/zero-setup';

/** A pid no process has: the highest pid Linux hands out is below 2^22. */
const DEAD_PID = 4_194_303;

/** The process's exit code, or 'timeout' (the timer is cleared either way, so jest can exit). */
async function exitWithin(run: ChildRun, ms: number): Promise<number | null | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), ms)));
  return Promise.race([run.exited, timeout]).finally(() => clearTimeout(timer));
}

describe('Zero setup: embedded PostgreSQL and a generated APP_KEY (decisions §14)', () => {
  let dataDir: string;
  let running: ChildRun | undefined;
  const queuePrefix = `zero-setup-${process.pid}`;

  /** The service with no DATABASE_URL and no APP_KEY (empty counts as unset): only Redis is given. */
  async function startZeroSetup(port: number): Promise<ChildRun> {
    const grpcPort = await freePort();
    running = await startMain(
      {
        NODE_ENV: 'development',
        DATABASE_URL: '',
        APP_KEY: '',
        DATA_DIR: dataDir,
        MIGRATIONS_RUN: 'true',
        PORT: String(port),
        GRPC_URL: `127.0.0.1:${grpcPort}`,
        LOG_LEVEL: 'info',
        // Another database on the suite's Redis is another deployment: its outbox ids start at 1
        // too, and outbox job ids are outbox ids, so it must not share the suite's queue names.
        QUEUE_PREFIX: queuePrefix,
      },
      'Storefront API listening',
    );
    return running;
  }

  async function stop(run: ChildRun): Promise<number | null> {
    run.child.kill('SIGTERM');
    const code = await exitWithin(run, 15_000);
    if (code === 'timeout') throw new Error(`no exit within 15 s after SIGTERM:\n${run.output()}`);
    running = undefined;
    return code;
  }

  beforeAll(async () => {
    // Under root the server runs as the `postgres` user, which must be able to enter the directory.
    dataDir = await mkdtemp(join(tmpdir(), 'storefront-zero-setup-'));
    await chmod(dataDir, 0o755);
  });

  afterAll(async () => {
    running?.child.kill('SIGKILL');
    for (const pid of await postgresProcessesOf(join(dataDir, 'postgres'))) process.kill(pid, 'SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves with only Node.js and Redis, keeps its data and key across restarts, and recovers from a crashed run', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const api = jsonApi(base);

    const first = await startZeroSetup(port);
    const postgresDir = join(dataDir, 'postgres');
    expect(first.output()).toMatch(new RegExp(`embedded PostgreSQL on 127\\.0\\.0\\.1:\\d+, data in ${postgresDir}`));
    // The server's own output is at debug level, so none of it reaches an info log (nor stderr).
    expect(first.output()).not.toMatch(/database system is ready/);
    expect(
      first
        .output()
        .split('\n')
        // Every line is the logger's: readable in development (pino-pretty: a time and level, or a field
        // indented under it), never the server's raw text.
        .filter((line) => line.trim() !== '' && !/^\[\d\d:\d\d:\d\d\.\d{3}\] [A-Z]+: |^ {4}/.test(line)),
    ).toEqual([]);
    expect((await api('/health/ready')).status).toBe(200);

    const keyFile = join(dataDir, 'app-key');
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    const key = (await readFile(keyFile, 'utf8')).trim();
    expect(key).toMatch(/^[0-9a-f]{64}$/);

    const { token, statuses } = await registerAndSellOut(api, 'Zero');
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status !== 201).every((status) => status === 422)).toBe(true);

    expect(await stop(first)).toBe(0);
    expect(first.output()).toContain('embedded PostgreSQL stopped');
    expect(await postgresProcessesOf(postgresDir)).toEqual([]);

    // A crashed run leaves its postmaster.pid behind, naming a process that is gone.
    await writeFile(
      join(postgresDir, 'postmaster.pid'),
      `${DEAD_PID}\n${postgresDir}\n1700000000\n54321\n\n127.0.0.1\n  1234  5678\nready   \n`,
    );
    const second = await startZeroSetup(port);
    expect(second.output()).toContain('stale');
    expect((await readFile(keyFile, 'utf8')).trim()).toBe(key);
    // The token was issued by the first run: the same database (and key) answers for it.
    const orders = await api('/api/v1/orders', { token });
    expect(orders.status).toBe(200);
    expect(((await orders.json()) as { data: unknown[] }).data).toHaveLength(5);

    expect(await stop(second)).toBe(0);
    expect(await postgresProcessesOf(postgresDir)).toEqual([]);
  }, 90_000);

  it('refuses to start in production without DATABASE_URL, naming it', async () => {
    const emptyDir = join(dataDir, 'production');
    await mkdir(emptyDir);
    const run = spawnTs('src/main.ts', [], { NODE_ENV: 'production', DATABASE_URL: '', DATA_DIR: emptyDir, LOG_LEVEL: 'info' });
    const code = await exitWithin(run, 30_000);
    if (code === 'timeout') run.child.kill('SIGKILL');
    expect(code).not.toBe(0);
    expect(code).not.toBe('timeout');
    expect(run.output()).toMatch(/DATABASE_URL is required/);
    // Nothing was written to the disk.
    expect(await readdir(emptyDir)).toEqual([]);
  }, 40_000);
});
