// Jest's moduleNameMapper does not apply to globalSetup: resolve the tsconfig path aliases here.
import 'tsconfig-paths/register';
import { Client } from 'pg';
import Redis from 'ioredis';
import { runMigrations } from '@infra/database/run-migrations';
import { assertTestDatabase, TEST_DATABASE_URL, TEST_REDIS_URL } from './test-env';

/** Once per run: a fresh, migrated test database and an empty Redis DB index. */
export default async function globalSetup(): Promise<void> {
  assertTestDatabase(TEST_DATABASE_URL);
  const name = decodeURIComponent(new URL(TEST_DATABASE_URL).pathname.replace(/^\//, ''));
  const admin = new URL(TEST_DATABASE_URL);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  await runMigrations(TEST_DATABASE_URL);

  const redis = new Redis(TEST_REDIS_URL);
  try {
    await redis.flushdb();
  } finally {
    redis.disconnect();
  }
}
