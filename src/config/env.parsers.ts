import type { EnvironmentVariables } from './env.schema';
import { PROVIDER_NAME } from './env.schema';

/*
 * What the code reads from a validated environment: the values that are lists or pairs in one
 * variable, and what a combination of variables means (the runtime mode, the embedded database,
 * whether the API document is served). Validated at start-up, so the shapes are known here.
 */

/** Which mode runs (decisions §14): `redis` when REDIS_URL is set, else `postgres-only`. */
export type RuntimeMode = 'redis' | 'postgres-only';

export function runtimeMode(env: Pick<EnvironmentVariables, 'REDIS_URL'>): RuntimeMode {
  return env.REDIS_URL ? 'redis' : 'postgres-only';
}

/** DATABASE_URL is `embedded`, or unset outside production: the process runs its own PostgreSQL. */
export function usesEmbeddedDatabase(env: EnvironmentVariables): boolean {
  return env.DATABASE_URL === 'embedded' || (env.DATABASE_URL === undefined && env.NODE_ENV !== 'production');
}

/**
 * `name:secret,…` → name → secret. The secret is everything after the first ":" (it may hold more
 * colons, not commas). Returns the problems instead when the value is malformed.
 */
export function readWebhookSecrets(value: string): { secrets: Map<string, string>; problems: string[] } {
  const secrets = new Map<string, string>();
  const problems: string[] = [];
  if (value.trim() === '') return { secrets, problems };
  const owners = new Map<string, string>();
  value.split(',').forEach((entry, index) => {
    const separator = entry.indexOf(':');
    const name = (separator === -1 ? entry : entry.slice(0, separator)).trim();
    const secret = separator === -1 ? '' : entry.slice(separator + 1).trim();
    if (!PROVIDER_NAME.test(name) || secret === '') {
      problems.push(`PAYMENT_WEBHOOK_SECRETS entry ${index + 1} must be "name:secret", name of 1-100 letters, digits, ".", "_" or "-"`);
    } else if (secrets.has(name)) {
      problems.push(`PAYMENT_WEBHOOK_SECRETS names the provider "${name}" twice`);
    } else if (owners.has(secret)) {
      // One secret for two names would let a delivery of one be replayed as the other's new event.
      problems.push(`PAYMENT_WEBHOOK_SECRETS gives "${owners.get(secret)}" and "${name}" the same secret: each provider needs its own`);
    } else {
      secrets.set(name, secret);
      owners.set(secret, name);
    }
  });
  return { secrets, problems };
}

/** PAYMENT_WEBHOOK_SECRETS as name → secret (validated at start-up, so well-formed here). */
export function parseWebhookSecrets(value: string): Map<string, string> {
  return readWebhookSecrets(value).secrets;
}

/** Whether /api/docs is served: API_DOCS when set; else never in production, and API_DOCS_ENABLED (default on) elsewhere. */
export function apiDocsServed(env: Pick<EnvironmentVariables, 'API_DOCS' | 'API_DOCS_ENABLED' | 'NODE_ENV'>): boolean {
  if (env.API_DOCS !== undefined) return env.API_DOCS;
  return env.NODE_ENV !== 'production' && (env.API_DOCS_ENABLED ?? true);
}

/** OTP_SMS_COUNTRIES as upper-case codes (validated at start-up, so well-formed here). */
export function parseCountryList(value: string): string[] {
  return value
    .split(',')
    .map((code) => code.trim().toUpperCase())
    .filter((code) => code !== '');
}

/** "limit/seconds" → numbers (validated at start-up, so well-formed here). */
export function parseRate(rate: string): { limit: number; seconds: number } {
  const [limit, seconds] = rate.split('/').map(Number);
  return { limit, seconds };
}

/** Express `trust proxy` accepts booleans, hop counts, and address lists/names. */
export function parseTrustProxy(value: string): boolean | number | string {
  const text = value.trim().toLowerCase();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  return value;
}
