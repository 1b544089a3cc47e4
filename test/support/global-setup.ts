// Jest's moduleNameMapper does not apply to globalSetup: resolve the tsconfig path aliases here.
import 'tsconfig-paths/register';
import { spawnSync } from 'node:child_process';
import { chmod, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import Redis from 'ioredis';
import pino from 'pino';
import { startEmbeddedPostgres } from '@app/bootstrap/embedded-postgres';
import { ensureDashboardBuilt } from './dashboard-build';
import { EMBEDDED_TEST_POSTGRES, type EmbeddedTestPostgres } from './embedded-test-postgres';
import { SERVER_BUILD_DIR, ensureServerBuilt } from './server-build';
import { ensureStorefrontAssets } from './storefront-assets';
import { assertTestDatabase } from './test-env';
import { workerServers } from './test-workers';

/**
 * Once per run: a fresh, migrated test database and an empty Redis DB index. Where no PostgreSQL
 * server answers (test/support/test-servers.js decided it), an embedded one first, its URL put in
 * TEST_DATABASE_URL, which the test files and the processes they spawn inherit.
 */
export default async function globalSetup(globalConfig: { maxWorkers: number } = { maxWorkers: 1 }): Promise<void> {
  ensureStorefrontAssets();
  ensureDashboardBuilt();
  const started = Date.now();
  const compiled = await ensureServerBuilt();
  if (compiled > 0)
    process.stderr.write(`Compiled ${compiled} files of the service for the processes tests spawn in ${Date.now() - started} ms.\n`);
  // Inherited by the workers: test/support/cli.ts spawns the compiled entry points.
  process.env.TEST_SERVER_BUILD = SERVER_BUILD_DIR;
  if (process.env.TEST_POSTGRES === 'embedded' && !(globalThis as EmbeddedTestPostgres)[EMBEDDED_TEST_POSTGRES]) {
    process.env.TEST_DATABASE_URL = await startEmbeddedTestPostgres();
  }
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/storefront_test';
  assertTestDatabase(url);
  const workers = Array.from({ length: Math.max(1, globalConfig.maxWorkers) }, (_, index) => workerServers(index + 1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${quoted(databaseName(url))} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${quoted(databaseName(url))}`);
    migrateInChildProcess(url);
    // Each worker's database is a copy of the migrated one (a file copy: fast, whatever the schema).
    for (const worker of workers) {
      const name = quoted(databaseName(worker.databaseUrl));
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${name} TEMPLATE ${quoted(databaseName(url))}`);
    }
  } finally {
    await client.end();
  }

  if (process.env.TEST_REDIS !== 'absent') {
    for (const worker of workers) {
      const redis = new Redis(worker.redisUrl);
      try {
        await redis.flushdb();
      } finally {
        redis.disconnect();
      }
    }
  }
}

function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
}

function quoted(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`;
}

/** The migrations, in a process of their own (test/support/migrate-test-database.ts says why). */
function migrateInChildProcess(url: string): void {
  const run = spawnSync(
    process.execPath,
    ['-r', 'ts-node/register/transpile-only', '-r', 'tsconfig-paths/register', join(__dirname, 'migrate-test-database.ts'), url],
    {
      cwd: join(__dirname, '..', '..'),
      stdio: ['ignore', 'inherit', 'pipe'],
      encoding: 'utf8',
      env: { ...process.env, TS_NODE_PROJECT: 'tsconfig.json' },
    },
  );
  if (run.status !== 0) throw new Error(`Migrating the test database failed (exit ${run.status ?? run.signal}):\n${run.stderr}`);
}

/**
 * The project's own embedded PostgreSQL (src/bootstrap/embedded-postgres.ts: as root it runs
 * as the `postgres` user) in a temporary DATA_DIR, removed by globalTeardown. Durability is not
 * what this server is for: fsync and synchronous commits are off.
 */
async function startEmbeddedTestPostgres(): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'storefront-test-postgres-'));
  await chmod(dataDir, 0o755);
  const started = Date.now();
  const logger = pino({ level: 'warn' });
  let server = await startEmbeddedPostgres(dataDir, logger);
  const client = new Client({ connectionString: server.url });
  await client.connect();
  try {
    for (const setting of ['fsync', 'synchronous_commit', 'full_page_writes']) await client.query(`ALTER SYSTEM SET ${setting} = off`);
    // Here every file runs PostgreSQL-only (no Redis), where an app holds some 27 connections (its
    // pool, the queues' pool, a LISTEN connection per queue worker ...) and a file may run three
    // apps: three workers at once passed the default 100 ("sorry, too many clients already"). On a
    // shared server the suite fits the default, since only a few of its files run PostgreSQL-only
    // (docs/testing.md, "A bare machine, for real"). Taken at the restart below.
    await client.query('ALTER SYSTEM SET max_connections = 300');
    // The suite opens many connections at once (20 concurrent requests on a fresh pool): a SCRAM
    // verifier of one iteration instead of 4096 keeps each login cheap, as trust auth is on a CI server.
    await client.query('SET scram_iterations = 1');
    await client.query(`ALTER ROLE postgres PASSWORD '${decodeURIComponent(new URL(server.url).password).replace(/'/g, "''")}'`);
  } finally {
    await client.end();
  }
  await server.stop();
  server = await startEmbeddedPostgres(dataDir, logger);
  (globalThis as EmbeddedTestPostgres)[EMBEDDED_TEST_POSTGRES] = { dataDir, stop: server.stop };
  // A run ended by a signal (a CI timeout, `kill`) exits through process.exit, whose `exit` hook
  // stops the server: a signal's default action would end this process and leave the server running.
  for (const [signal, code] of [
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const)
    process.once(signal, () => process.exit(code));
  const url = new URL(server.url);
  url.pathname = '/storefront_test';
  process.stdout.write(`\nEmbedded PostgreSQL for the tests on ${url.host}, started in ${Date.now() - started} ms\n`);
  return url.toString();
}
