import pino from 'pino';
import { startEmbeddedPostgres } from '@app/bootstrap/embedded-postgres';

/**
 * Starts the embedded PostgreSQL of the DATA_DIR given as argument (initialising it on first use),
 * prints `embedded PostgreSQL ready`, and stops it: the zero-setup path without the whole service.
 */
async function main(dataDir: string): Promise<void> {
  const database = await startEmbeddedPostgres(dataDir, pino({ level: 'silent' }));
  console.log('embedded PostgreSQL ready');
  await database.stop();
}

main(process.argv[2]).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
