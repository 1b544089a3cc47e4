import { PgQueryable, runMigrations as runQueueMigrations } from 'bullmq';
import { DataSource } from 'typeorm';
import { QUEUE_SCHEMA } from '@infra/queue/queue-backend';
import { ensureDatabase } from './ensure-database';
import { typeormOptions } from './typeorm-options';

const MIGRATION_LOCK = 7_300_221;

/**
 * Applies pending migrations (the app's, then BullMQ's PostgreSQL schema). Several processes may start at once (api and worker replicas), so
 * the run is serialised by a PostgreSQL advisory lock: the first applies, the others find nothing
 * left to do.
 */
export async function runMigrations(databaseUrl: string, log: (message: string) => void = () => undefined): Promise<string[]> {
  if (await ensureDatabase(databaseUrl)) log('Created database');
  const dataSource = new DataSource({ ...typeormOptions(databaseUrl, 2), logging: false });
  await dataSource.initialize();
  const runner = dataSource.createQueryRunner();
  try {
    // The runner's own pg client: BullMQ's migration needs one session for its lock and transaction.
    const client = (await runner.connect()) as PgQueryable;
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    for (const migration of applied) log(`Applied migration ${migration.name}`);
    // BullMQ's tables, for queues on PostgreSQL (QUEUE_BACKEND): created whatever the backend in
    // force, so switching needs no other step. A no-op once at BullMQ's schema version.
    await runQueueMigrations(client, QUEUE_SCHEMA);
    return applied.map((migration) => migration.name);
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await runner.release();
    await dataSource.destroy();
  }
}
