import { Client } from 'pg';
import { isPgError, PG_ERROR } from './pg-errors';

/**
 * Creates the database named in the URL when it does not exist yet, so that a fresh machine goes
 * from `npm run serve` to a served API without a manual `createdb`. Needs CREATEDB on the server,
 * which the local trust setup and the compose file both give; elsewhere the database pre-exists.
 */
export async function ensureDatabase(databaseUrl: string): Promise<boolean> {
  const target = new URL(databaseUrl);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!name) throw new Error('DATABASE_URL names no database');
  const probe = new Client({ connectionString: databaseUrl });
  try {
    await probe.connect();
    return false;
  } catch (error) {
    if (!isPgError(error, PG_ERROR.undefinedDatabase)) throw error;
  } finally {
    await probe.end().catch(() => undefined);
  }
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } catch (error) {
    // Another process created it between the probe and here.
    if (!isPgError(error, PG_ERROR.duplicateDatabase)) throw error;
  } finally {
    await client.end();
  }
  return true;
}

/**
 * Throws the driver's error when the database of `databaseUrl` does not take a connection within
 * `timeoutMs`: start-up checks it once, so that a wrong DATABASE_URL is one line naming it
 * (decisions §19) rather than the ORM's retries, each with its stack.
 */
export async function probeDatabase(databaseUrl: string, timeoutMs: number): Promise<void> {
  const probe = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: timeoutMs });
  try {
    await probe.connect();
  } finally {
    await probe.end().catch(() => undefined);
  }
}
