import 'reflect-metadata';
import { loadEnv } from '@config/load-env';
import { runMigrations } from './run-migrations';

async function main(): Promise<void> {
  const env = loadEnv();
  const applied = await runMigrations(env.DATABASE_URL, (message) => console.log(message));
  console.log(applied.length ? `${applied.length} migration(s) applied` : 'Schema is up to date');
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
