import { config } from 'dotenv';
import { EnvironmentVariables } from './env.schema';
import { validateEnv } from './validate-env';

/**
 * Reads `.env` (values already in the environment win, as with @nestjs/config) and validates.
 * For entry points that run before or without the Nest container: migrations, the benchmark.
 */
export function loadEnv(): EnvironmentVariables {
  config({ quiet: true });
  return validateEnv(process.env);
}
