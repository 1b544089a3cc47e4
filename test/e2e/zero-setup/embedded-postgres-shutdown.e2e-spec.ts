import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ChildRun, startMain } from '@test/support/cli';
import { freePort } from '@test/support/test-app';
import { waitFor } from '@test/support/wait';
import { postgresProcessesOf } from '@test/support/zero-setup';

/** decisions §19: a Ctrl-C in development exits within 3 s, measured from the signal. */
const CTRL_C_EXIT_MS = 3_000;
/** A second signal exits "at once": well under a second, with room for a loaded machine. */
const SECOND_SIGNAL_EXIT_MS = 1_000;

/** The process's exit code, or 'timeout' (the timer is cleared either way, so jest can exit). */
async function exitWithin(run: ChildRun, ms: number): Promise<number | null | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), ms)));
  return Promise.race([run.exited, timeout]).finally(() => clearTimeout(timer));
}

/** What a terminal does on Ctrl-C: the signal goes to every process of the foreground process group. */
function ctrlC(run: ChildRun): void {
  process.kill(-run.child.pid!, 'SIGINT');
}

describe('Zero setup: Ctrl-C stops the service and its embedded PostgreSQL (decisions §19)', () => {
  let dataDir: string;
  let postgresDir: string;
  const runs: ChildRun[] = [];
  const queuePrefix = `zero-setup-ctrl-c-${process.pid}`;

  /** The service in zero-setup mode, in a process group of its own as a terminal starts it. */
  async function startZeroSetup(extra: Record<string, string> = {}): Promise<ChildRun> {
    const run = await startMain(
      {
        NODE_ENV: 'development',
        DATABASE_URL: '',
        APP_KEY: '',
        DATA_DIR: dataDir,
        MIGRATIONS_RUN: 'true',
        PORT: String(await freePort()),
        GRPC_URL: `127.0.0.1:${await freePort()}`,
        LOG_LEVEL: 'info',
        QUEUE_PREFIX: queuePrefix,
        ...extra,
      },
      'Storefront API listening',
      { detached: true },
    );
    runs.push(run);
    return run;
  }

  beforeAll(async () => {
    // Under root the server runs as the `postgres` user, which must be able to enter the directory.
    dataDir = await mkdtemp(join(tmpdir(), 'storefront-ctrl-c-'));
    await chmod(dataDir, 0o755);
    postgresDir = join(dataDir, 'postgres');
  });

  afterEach(async () => {
    for (const run of runs.splice(0)) run.child.kill('SIGKILL');
    for (const pid of await postgresProcessesOf(postgresDir)) process.kill(pid, 'SIGKILL');
    await waitFor(async () => (await postgresProcessesOf(postgresDir)).length === 0, { what: 'no server left' });
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('exits 0 within 3 s of a Ctrl-C, its server stopped after the pools closed', async () => {
    const run = await startZeroSetup();
    expect(await postgresProcessesOf(postgresDir)).not.toEqual([]);

    const signalled = Date.now();
    ctrlC(run);
    const code = await exitWithin(run, CTRL_C_EXIT_MS);
    const tookMs = Date.now() - signalled;
    if (code === 'timeout') throw new Error(`no exit within ${CTRL_C_EXIT_MS} ms of Ctrl-C:\n${run.output()}`);

    // The process's own lines, when it did not exit 0, say why.
    expect({ code, tookMs: tookMs <= CTRL_C_EXIT_MS, output: code === 0 ? '' : run.output() }).toEqual({
      code: 0,
      tookMs: true,
      output: '',
    });
    expect(run.output()).toContain('embedded PostgreSQL stopped');
    // The server got no signal of its own: the pools closed before it went, so none lost a connection.
    expect(run.output()).not.toContain('Connection lost');
    expect(await postgresProcessesOf(postgresDir)).toEqual([]);
  }, 90_000);

  it('exits at once (130) on a second Ctrl-C during a slow shutdown, its server stopped as well', async () => {
    // A drain of a minute makes the shutdown slow.
    const run = await startZeroSetup({ SHUTDOWN_DRAIN_MS: '60000' });
    ctrlC(run);
    await waitFor(() => run.output().includes('Shutting down'), { what: 'the shutdown to begin' });
    expect(await exitWithin(run, 300)).toBe('timeout');

    const signalled = Date.now();
    ctrlC(run);
    const code = await exitWithin(run, SECOND_SIGNAL_EXIT_MS);
    if (code === 'timeout') throw new Error(`no exit within ${SECOND_SIGNAL_EXIT_MS} ms of a second Ctrl-C:\n${run.output()}`);
    expect(code).toBe(130);
    expect(Date.now() - signalled).toBeLessThanOrEqual(SECOND_SIGNAL_EXIT_MS);
    // Stopped (immediate shutdown), not orphaned: gone within moments, with nobody else to stop it.
    await waitFor(async () => (await postgresProcessesOf(postgresDir)).length === 0, {
      timeoutMs: 5_000,
      what: 'the embedded PostgreSQL to have stopped',
    });
  }, 90_000);

  it('stops, on its Ctrl-C, the server it adopted from a run killed with SIGKILL', async () => {
    const killed = await startZeroSetup();
    const [orphan] = await postgresProcessesOf(postgresDir);
    killed.child.kill('SIGKILL');
    await killed.exited;
    // Its server outlives it.
    expect(await postgresProcessesOf(postgresDir)).toContain(orphan);

    const next = await startZeroSetup();
    expect(next.output()).toMatch(/embedded PostgreSQL on 127\.0\.0\.1:\d+, data in .*adopted/);
    ctrlC(next);
    const code = await exitWithin(next, CTRL_C_EXIT_MS);
    if (code === 'timeout') throw new Error(`no exit within ${CTRL_C_EXIT_MS} ms of Ctrl-C:\n${next.output()}`);
    expect(code).toBe(0);
    expect(next.output()).toContain('embedded PostgreSQL stopped');
    expect(await postgresProcessesOf(postgresDir)).toEqual([]);
  }, 120_000);

  it('leaves a server shared with its live starter running when the sharing process is stopped', async () => {
    const starter = await startZeroSetup();
    const sharing = await startZeroSetup();
    expect(sharing.output()).toMatch(/embedded PostgreSQL on 127\.0\.0\.1:\d+, data in .* \(started by process \d+, shared\)/);
    const servers = await postgresProcessesOf(postgresDir);

    ctrlC(sharing);
    expect(await exitWithin(sharing, CTRL_C_EXIT_MS)).toBe(0);
    expect(sharing.output()).not.toContain('embedded PostgreSQL stopped');
    expect(await postgresProcessesOf(postgresDir)).toEqual(servers);

    ctrlC(starter);
    expect(await exitWithin(starter, CTRL_C_EXIT_MS)).toBe(0);
    expect(await postgresProcessesOf(postgresDir)).toEqual([]);
  }, 120_000);
});
