import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { EnvironmentVariables } from './env.schema';
import { crossFieldProblems } from './env.rules';

/** Used by ConfigModule: a bad or missing value stops start-up with the variable's name. */
export function validateEnv(raw: Record<string, unknown>): EnvironmentVariables {
  // An empty value means "not set": the default applies, as for a missing one.
  const present = Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== ''));
  const env = plainToInstance(EnvironmentVariables, present, { exposeDefaultValues: true });
  if (present.SHUTDOWN_DRAIN_MS === undefined && env.NODE_ENV !== 'production') env.SHUTDOWN_DRAIN_MS = 0;
  const errors = validateSync(env, { skipMissingProperties: false });
  const problems = errors.flatMap((error) => Object.values(error.constraints ?? {}));
  if (problems.length === 0) problems.push(...crossFieldProblems(env));
  if (problems.length > 0) {
    throw new Error(`Invalid configuration (see .env.example):\n${problems.map((text) => `  - ${text}`).join('\n')}`);
  }
  return env;
}

/**
 * What the container validates: the environment once the entry point has resolved the zero-setup
 * values (resolveEnvironment), so DATABASE_URL is a real URL and APP_KEY is set.
 */
export function validateResolvedEnv(raw: Record<string, unknown>): EnvironmentVariables {
  const env = validateEnv(raw);
  const problems: string[] = [];
  if (env.DATABASE_URL === undefined || env.DATABASE_URL === 'embedded') {
    problems.push('DATABASE_URL must be a postgres:// URL here (the embedded PostgreSQL is started by the entry point, not the container)');
  }
  if (env.APP_KEY === undefined) problems.push('APP_KEY must be set here (the entry point generates it outside production)');
  if (problems.length > 0) throw new Error(`Invalid configuration:\n${problems.map((text) => `  - ${text}`).join('\n')}`);
  return env;
}
