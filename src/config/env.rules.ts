import { createECDH } from 'node:crypto';
import { isSupportedCountry } from 'libphonenumber-js';
import { parseCountryList, readWebhookSecrets } from './env.parsers';
import type { EnvironmentVariables } from './env.schema';

/*
 * Rules across variables, checked once every variable is well-formed on its own (env.schema.ts):
 * the backends a mode implies, and the configurations that would expose the service.
 */

/** The problems of a well-formed environment; also fills in the store and queue backends the mode implies. */
export function crossFieldProblems(env: EnvironmentVariables): string[] {
  return [...backendProblems(env), ...unsafeCombinations(env)];
}

/**
 * Fills in the store and queue backends the mode implies (`redis` with REDIS_URL, else `postgres`)
 * and refuses an explicit `redis` backend without REDIS_URL, naming the variable.
 */
function backendProblems(env: EnvironmentVariables): string[] {
  const implied = env.REDIS_URL ? 'redis' : 'postgres';
  env.STORE_BACKEND ??= implied;
  env.QUEUE_BACKEND ??= implied;
  if (env.REDIS_URL) return [];
  return (['STORE_BACKEND', 'QUEUE_BACKEND'] as const)
    .filter((name) => env[name] === 'redis')
    .map(
      (name) =>
        `${name}=redis needs REDIS_URL (a redis:// URL); without REDIS_URL the service runs PostgreSQL-only, where ${name} defaults to postgres`,
    );
}

// --- Abuse resistance: configurations that would expose the service (decisions §10, §11) ---------

/**
 * The APP_KEY of `.env.example`. Kept here as a constant (a unit test checks it still equals the
 * file's value) rather than read from the file at start-up: the file is not shipped with every build.
 */
export const EXAMPLE_APP_KEY = 'change-me-to-a-random-secret-of-32-chars-or-more';
const MIN_GRPC_TOKEN_LENGTH = 32;

/** Rules across variables, checked once every variable is well-formed on its own. */
function unsafeCombinations(env: EnvironmentVariables): string[] {
  const problems: string[] = [];
  // A client that gives up first leaves the statement running on the server, unseen.
  if (
    env.DATABASE_QUERY_TIMEOUT_MS > 0 &&
    (env.DATABASE_STATEMENT_TIMEOUT_MS === 0 || env.DATABASE_QUERY_TIMEOUT_MS <= env.DATABASE_STATEMENT_TIMEOUT_MS)
  ) {
    problems.push(
      'DATABASE_QUERY_TIMEOUT_MS must be 0 or greater than DATABASE_STATEMENT_TIMEOUT_MS (the server cuts a statement; the client only notices a server that stopped answering)',
    );
  }
  // A forgotten variable must not silently write to a local disk, nor sign with a key nobody keeps.
  if (env.NODE_ENV === 'production' && env.DATABASE_URL === undefined) {
    problems.push(
      'DATABASE_URL is required with NODE_ENV=production (a postgres:// URL; DATABASE_URL=embedded runs the embedded PostgreSQL on purpose)',
    );
  }
  if (env.NODE_ENV === 'production' && env.APP_KEY === undefined) {
    problems.push('APP_KEY is required with NODE_ENV=production (generate one with `openssl rand -hex 32`)');
  }
  if (env.NODE_ENV === 'production' && env.APP_KEY === EXAMPLE_APP_KEY) {
    problems.push('APP_KEY is the example value of .env.example: set a secret of your own in production (`openssl rand -hex 32`)');
  }
  if (env.NODE_ENV === 'production') problems.push(...placeholderProblems(env));
  if (!isLoopbackGrpcUrl(env.GRPC_URL) && env.GRPC_AUTH_TOKEN.length < MIN_GRPC_TOKEN_LENGTH) {
    problems.push(
      `GRPC_AUTH_TOKEN must be set to at least ${MIN_GRPC_TOKEN_LENGTH} characters when GRPC_URL (${env.GRPC_URL}) is not a loopback address`,
    );
  }
  problems.push(...webhookSecretsProblems(env));
  problems.push(...vapidProblems(env));
  problems.push(...objectStoreProblems(env));
  const unknownCountries = parseCountryList(env.OTP_SMS_COUNTRIES).filter((code) => !isSupportedCountry(code));
  if (unknownCountries.length > 0) {
    problems.push(
      `OTP_SMS_COUNTRIES names ${unknownCountries.join(', ')}, which no telephone numbering plan knows (ISO 3166-1 codes, e.g. HN)`,
    );
  }
  return problems;
}

/**
 * The example manifests and compose file mark every value to fill in with this word
 * (`deploy/kubernetes/examples/secret.example.yaml`): a copy applied as it is must not start.
 */
export const PLACEHOLDER_MARK = 'replace-with-';

function placeholderProblems(env: EnvironmentVariables): string[] {
  return Object.entries(env)
    .filter(([, value]) => typeof value === 'string' && value.toLowerCase().includes(PLACEHOLDER_MARK))
    .map(([name]) => `${name} still holds an example placeholder ("${PLACEHOLDER_MARK}…"): set the real value in production`);
}

/**
 * True for 127.0.0.0/8, ::1 and localhost. Anything else, including a form we do not recognise
 * (a host name, 0.0.0.0, [::], a Unix socket), may be reachable by others and so needs the token.
 */
function isLoopbackGrpcUrl(url: string): boolean {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(url);
  const host = (bracketed ? bracketed[1] : /^([^:]+)(?::\d+)?$/.exec(url)?.[1])?.toLowerCase();
  if (!host) return false;
  if (host === 'localhost' || host === '::1' || host === '0:0:0:0:0:0:0:1') return true;
  const octets = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  return !!octets && octets[1] === '127' && octets.slice(2).every((octet) => Number(octet) <= 255);
}
function webhookSecretsProblems(env: EnvironmentVariables): string[] {
  const { secrets, problems } = readWebhookSecrets(env.PAYMENT_WEBHOOK_SECRETS);
  if (secrets.size > 0 && env.PAYMENT_WEBHOOK_SECRET !== '') {
    problems.push(
      'PAYMENT_WEBHOOK_SECRETS and PAYMENT_WEBHOOK_SECRET are both set: use one (several gateways: only PAYMENT_WEBHOOK_SECRETS)',
    );
  }
  return problems;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * The VAPID pair is set together or not at all, each key decodes to what web-push expects (an
 * uncompressed P-256 point of 65 bytes, a 32-byte scalar), and the private key is the public key's:
 * a mismatched pair would make every push service refuse every push, silently, much later.
 */
/** The object store of uploads: its four variables all set, or none (then DATA_DIR/uploads). */
export const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

function objectStoreProblems(env: EnvironmentVariables): string[] {
  const missing = S3_REQUIRED.filter((name) => env[name].trim() === '');
  if (missing.length === 0 || missing.length === S3_REQUIRED.length) return [];
  return missing.map(
    (name) =>
      `${name} is required when ${S3_REQUIRED.filter((other) => !missing.includes(other)).join(', ')} is set (uploads go to an S3-compatible store only with all of ${S3_REQUIRED.join(', ')})`,
  );
}

function vapidProblems(env: EnvironmentVariables): string[] {
  const publicKey = env.VAPID_PUBLIC_KEY.trim();
  const privateKey = env.VAPID_PRIVATE_KEY.trim();
  if (publicKey === '' && privateKey === '') return [];
  const generate = 'generate a pair with `npm run cli -- vapid:generate`';
  if (publicKey === '' || privateKey === '') return [`VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (${generate})`];
  const problems: string[] = [];
  const publicBytes = BASE64URL.test(publicKey) ? Buffer.from(publicKey, 'base64url') : null;
  const privateBytes = BASE64URL.test(privateKey) ? Buffer.from(privateKey, 'base64url') : null;
  if (publicBytes?.length !== 65 || publicBytes[0] !== 0x04) {
    problems.push(`VAPID_PUBLIC_KEY must be an unpadded base64url P-256 public key of 65 bytes (${generate})`);
  }
  if (privateBytes?.length !== 32) problems.push(`VAPID_PRIVATE_KEY must be an unpadded base64url key of 32 bytes (${generate})`);
  if (problems.length > 0 || !publicBytes || !privateBytes) return problems;
  try {
    const curve = createECDH('prime256v1');
    curve.setPrivateKey(privateBytes);
    if (!curve.getPublicKey().equals(publicBytes))
      problems.push(`VAPID_PRIVATE_KEY is not the private key of VAPID_PUBLIC_KEY (${generate})`);
  } catch {
    problems.push(`VAPID_PRIVATE_KEY is not a valid P-256 private key (${generate})`);
  }
  return problems;
}
