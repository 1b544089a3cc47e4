import { DataSource } from 'typeorm';
import { ensureDatabase } from './ensure-database';
import { typeormOptions } from './typeorm-options';

const MIGRATION_LOCK = 7_300_221;

/**
 * Applies pending migrations. Several processes may start at once (api and worker replicas), so
 * the run is serialised by a PostgreSQL advisory lock: the first applies, the others find nothing
 * left to do.
 */
export async function runMigrations(databaseUrl: string, log: (message: string) => void = () => undefined): Promise<string[]> {
  if (await ensureDatabase(databaseUrl)) log('Created database');
  const dataSource = new DataSource({ ...typeormOptions(databaseUrl, 2), logging: false });
  await dataSource.initialize();
  const runner = dataSource.createQueryRunner();
  try {
    await runner.connect();
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    for (const migration of applied) log(`Applied migration ${migration.name}`);
    return applied.map((migration) => migration.name);
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await runner.release();
    await dataSource.destroy();
  }
}
