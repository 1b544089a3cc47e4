import { rm } from 'node:fs/promises';
import { EMBEDDED_TEST_POSTGRES, type EmbeddedTestPostgres } from './embedded-test-postgres';

/** After the run: the embedded PostgreSQL globalSetup started, if any, stopped and its files removed. */
export default async function globalTeardown(): Promise<void> {
  const holder = globalThis as EmbeddedTestPostgres;
  const server = holder[EMBEDDED_TEST_POSTGRES];
  if (!server) return;
  delete holder[EMBEDDED_TEST_POSTGRES];
  await server.stop();
  await rm(server.dataDir, { recursive: true, force: true });
}
