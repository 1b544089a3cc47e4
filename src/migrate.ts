import 'reflect-metadata';
import { loadEnv } from '@config/load-env';
import { resolveEnvironment } from './bootstrap';
import { createRootLogger } from '@infra/logging/http-logger';
import { runMigrations } from '@infra/database/run-migrations';

async function main(): Promise<void> {
  const loaded = loadEnv();
  const { env, release } = await resolveEnvironment(loaded, createRootLogger(loaded.LOG_LEVEL === 'info' ? 'warn' : loaded.LOG_LEVEL));
  try {
    const applied = await runMigrations(env.DATABASE_URL, (message) => console.log(message));
    console.log(applied.length ? `${applied.length} migration(s) applied` : 'Schema is up to date');
  } finally {
    await release();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
