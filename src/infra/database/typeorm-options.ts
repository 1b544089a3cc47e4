import type { DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from '@migrations';

/**
 * Migrations are listed explicitly (migrations/index.ts) instead of globbed, so ts-jest, ts-node
 * and the compiled build all load the same set. `synchronize` is never on: the schema is what the
 * migrations say.
 */
export function typeormOptions(databaseUrl: string, poolSize = 10): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    synchronize: false,
    migrationsRun: false,
    migrations: MIGRATIONS,
    migrationsTableName: 'schema_migrations',
    migrationsTransactionMode: 'each',
    extra: { max: poolSize, application_name: 'storefront' },
  };
}
