import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Logger } from 'pino';
import { readOrCreateSecret } from '@common/util/secret-file';
import { startEmbeddedPostgres } from './embedded-postgres';
import { EnvironmentVariables } from '@config/env.schema';
import { usesEmbeddedDatabase } from '@config/env.parsers';
import { validateResolvedEnv } from '@config/validate-env';

export interface ResolvedEnvironment {
  env: EnvironmentVariables;
  /** Stops what resolving started (the embedded PostgreSQL): after the app has closed. */
  release(): Promise<void>;
  /** For a process that must exit now (a second Ctrl-C): asks the embedded PostgreSQL for an immediate shutdown, without waiting. */
  releaseNow(): void;
}

/**
 * The zero-setup step of every entry point (decisions §14), once, before anything reads
 * DATABASE_URL or APP_KEY: an embedded PostgreSQL when DATABASE_URL asks for one (or is unset outside
 * production), and a generated APP_KEY kept in DATA_DIR/app-key when none is set outside production.
 * The effective values are written back to process.env, where the Nest container's ConfigModule
 * reads them.
 */
export async function resolveEnvironment(env: EnvironmentVariables, logger: Logger): Promise<ResolvedEnvironment> {
  const dataDir = resolve(env.DATA_DIR);
  if (env.APP_KEY === undefined) {
    const file = join(dataDir, 'app-key');
    await mkdir(dataDir, { recursive: true });
    process.env.APP_KEY = await readOrCreateSecret(file);
    logger.info(`APP_KEY not set: using the key kept in ${file}`);
  }
  let release = () => Promise.resolve();
  let releaseNow: () => void = () => undefined;
  if (usesEmbeddedDatabase(env)) {
    const database = await startEmbeddedPostgres(dataDir, logger);
    process.env.DATABASE_URL = database.url;
    release = () => database.stop();
    releaseNow = () => database.stopNow();
  }
  try {
    return { env: validateResolvedEnv(process.env), release, releaseNow };
  } catch (error) {
    await release();
    throw error;
  }
}
