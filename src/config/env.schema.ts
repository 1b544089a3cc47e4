import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, Min, MinLength, ValidateIf } from 'class-validator';
import { IsAddressList } from './address-list';

/*
 * The schema of the environment: every variable, its type, its default and the check of its value
 * on its own. Rules across variables are in env.rules.ts, the readings of validated values in
 * env.parsers.ts, and validate-env.ts applies both.
 */

export const APP_ROLES = ['all', 'api', 'worker'] as const;
export type AppRole = (typeof APP_ROLES)[number];
export const STORE_BACKENDS = ['redis', 'postgres'] as const;
export type StoreBackend = (typeof STORE_BACKENDS)[number];
export const QUEUE_BACKENDS = ['redis', 'postgres'] as const;
export type QueueBackend = (typeof QUEUE_BACKENDS)[number];

const RATE = /^\d+\/\d+$/;
/** A payment provider's name (PAYMENT_PROVIDER, the names of PAYMENT_WEBHOOK_SECRETS). */
export const PROVIDER_NAME = /^[A-Za-z0-9._-]{1,100}$/;
const HTTP_URL = /^https?:\/\/[^\s]+$/;
const HTTP_URL_MESSAGE = '$property must be an http(s) URL';
const RATE_MESSAGE = '$property must look like "<limit>/<seconds>", e.g. 60/60';
const HOST_NAME = '(\\*\\.)?([a-z0-9]([a-z0-9-]*[a-z0-9])?\\.)*[a-z0-9]([a-z0-9-]*[a-z0-9])?|\\[[0-9a-f:.]+\\]';
const COUNTRY_LIST = /^\s*[A-Za-z]{2}\s*(,\s*[A-Za-z]{2}\s*)*$/;
const PUSH_HOSTS = new RegExp(`^\\s*(${HOST_NAME})\\s*(,\\s*(${HOST_NAME})\\s*)*$`, 'i');
/** A TCP port, 1-65535, in its plain decimal form. */
const PORT = '(?:6553[0-5]|655[0-2]\\d|65[0-4]\\d{2}|6[0-4]\\d{3}|[1-5]\\d{4}|[1-9]\\d{0,3})';
const PUSH_PORTS = new RegExp(`^\\s*${PORT}\\s*(,\\s*${PORT}\\s*)*$`);

/** An integer variable within [min, max]; the text is converted, so "abc" is reported by name. */
function IntegerVar(min: number, max = Number.MAX_SAFE_INTEGER): PropertyDecorator {
  return applyDecorators(
    Transform(({ value }) => (value === undefined || value === '' ? undefined : Number(value))),
    IsInt(),
    Min(min),
    Max(max),
  );
}

const toBoolean = ({ value }: { value: unknown }) => {
  if (typeof value === 'boolean') return value;
  if (value === undefined || value === '') return undefined;
  const text = (typeof value === 'string' || typeof value === 'number' ? String(value) : '').toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(text)) return true;
  if (['false', '0', 'no', 'off'].includes(text)) return false;
  return value; // left as is so IsBoolean reports it by name
};

/**
 * Every variable the process reads. Defaults live here so that `.env.example`, the README table and
 * the code cannot drift apart silently: a variable not declared here is not read anywhere.
 */
export class EnvironmentVariables {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @IsIn(APP_ROLES)
  APP_ROLE: AppRole = 'all';

  @IntegerVar(0, 65535)
  PORT = 3000;

  @Matches(/^https?:\/\/[^\s]+$/, { message: '$property must be an http(s) URL' })
  APP_URL = 'http://localhost:3000';

  /**
   * Unset outside production: generated once into DATA_DIR/app-key and reused (decisions §14). The
   * entry points fill it in (resolveEnvironment) before the container is built, so code reading it
   * through ConfigService always gets a key: the container validates with validateResolvedEnv.
   */
  @IsOptional()
  @IsString()
  @MinLength(32, { message: '$property must be at least 32 characters (generate one with `openssl rand -hex 32`)' })
  APP_KEY: string;

  @Matches(/^[A-Z]{3}$/, { message: '$property must be an ISO 4217 code such as HNL' })
  APP_CURRENCY = 'HNL';

  /**
   * A postgres:// URL; `embedded` (or unset, outside production) runs an embedded PostgreSQL with its
   * data in DATA_DIR/postgres (decisions §14). Like APP_KEY, a postgres:// URL once resolved.
   */
  @IsOptional()
  @Matches(/^(embedded|postgres(ql)?:\/\/[^\s]+)$/, { message: '$property must be a postgres:// URL, or "embedded"' })
  DATABASE_URL: string;

  /** Where the zero-setup mode keeps its files: the embedded PostgreSQL's data and the generated APP_KEY. */
  @IsString()
  @IsNotEmpty()
  DATA_DIR = './var';

  @Transform(toBoolean)
  @IsBoolean()
  MIGRATIONS_RUN = true;

  @IntegerVar(1, 200)
  DATABASE_POOL_SIZE = 10;

  /**
   * PostgreSQL-only mode (QUEUE_BACKEND=postgres): connections shared by every queue and worker of
   * the process for their statements; each worker holds one more, for LISTEN.
   */
  @IntegerVar(1, 100)
  QUEUE_DATABASE_POOL_SIZE = 8;

  // --- Outages (decisions §13): how long the service waits for PostgreSQL before answering 503 ---
  /** Opening one PostgreSQL connection. */
  @IntegerVar(100, 60_000)
  DATABASE_CONNECT_TIMEOUT_MS = 1_000;

  /**
   * One statement, measured by the client (0: no limit): only a backstop for a server that stops
   * answering mid-query. PostgreSQL's own bound (below) is the one that frees the server's work.
   */
  @IntegerVar(0, 3_600_000)
  DATABASE_QUERY_TIMEOUT_MS = 30_000;

  /**
   * `statement_timeout` of every pooled connection (0: none): PostgreSQL cancels a statement that
   * runs longer, and the request answers 503. Exports and reports raise it for their own transaction.
   */
  @IntegerVar(0, 3_600_000)
  DATABASE_STATEMENT_TIMEOUT_MS = 5_000;

  /**
   * The same bound for the statements of a transaction (0: the pool's): writes wait on row locks
   * that other writers hold (one shop's orders queue on its order-number counter), and a burst must
   * not turn that wait into 503s.
   */
  @IntegerVar(0, 3_600_000)
  DATABASE_TRANSACTION_STATEMENT_TIMEOUT_MS = 20_000;

  /**
   * How long a request waits for a pooled connection when all are busy: past it, 503. A request
   * that waited and then meets a frozen server still needs its statement's check (about 1.5 s), and
   * both must fit the 3 s in which a request answers during an outage (docs/operations.md,
   * "Statement bounds").
   */
  @IntegerVar(100, 60_000)
  DATABASE_POOL_WAIT_MS = 1_000;

  /**
   * A statement unanswered this long makes the pool check, on a connection of its own, that
   * PostgreSQL still answers at all; if it does not (frozen, partitioned), the statement's
   * connection is dropped and its request answers 503. 0: no check (the client timeout above only).
   */
  @IntegerVar(0, 60_000)
  DATABASE_UNRESPONSIVE_CHECK_MS = 500;

  /**
   * Optional, no default. Unset: PostgreSQL-only mode (decisions §14): the store, the queues and
   * Socket.IO run on PostgreSQL and the process opens no Redis connection at all.
   */
  @IsOptional()
  @Matches(/^rediss?:\/\/[^\s]+$/, { message: '$property must be a redis:// URL' })
  REDIS_URL?: string;

  /**
   * Where rate-limit counters, idempotency records, caches and checkout sessions live. Default:
   * `redis` when REDIS_URL is set, else `postgres` (filled in by validateEnv).
   */
  @IsOptional()
  @IsIn(STORE_BACKENDS)
  STORE_BACKEND: StoreBackend;

  @Matches(/^[a-z0-9_-]{1,32}$/i, { message: '$property must be 1-32 letters, digits, - or _' })
  QUEUE_PREFIX = 'sf';

  /**
   * Where BullMQ keeps the queues: Redis, or PostgreSQL (DATABASE_URL, schema `bullmq`). Default:
   * `redis` when REDIS_URL is set, else `postgres` (filled in by validateEnv).
   */
  @IsOptional()
  @IsIn(QUEUE_BACKENDS)
  QUEUE_BACKEND: QueueBackend;

  @IsString()
  TRUST_PROXY = 'false';

  @Matches(/^(\*|https?:\/\/[^\s,]+(,\s*https?:\/\/[^\s,]+)*)?$/, {
    message: '$property must be empty, "*", or comma-separated origins such as https://shop.example',
  })
  CORS_ORIGINS = '';

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  @Matches(RATE, { message: RATE_MESSAGE })
  THROTTLE_API = '60/60';

  @Matches(RATE, { message: RATE_MESSAGE })
  THROTTLE_OTP_GENERATION = '3/60';

  @Matches(RATE, { message: RATE_MESSAGE })
  THROTTLE_OTP_PER_IDENTIFIER = '3/3600';

  @Matches(RATE, { message: RATE_MESSAGE })
  THROTTLE_VERIFICATION = '10/60';

  @Matches(RATE, { message: RATE_MESSAGE })
  THROTTLE_TRANSACTIONS = '20/60';

  @Matches(RATE, { message: RATE_MESSAGE })
  THROTTLE_TENANT_AWARE = '120/60';

  /**
   * The hosted shop pages' in-memory cache, all pages together (docs/storefront.md): the least
   * recently used go first when it is full; a page over 1 MiB is never kept. Default 32 MiB.
   */
  @IntegerVar(1_048_576, 4_294_967_296)
  PAGE_CACHE_MAX_BYTES = 33_554_432;

  /**
   * The public catalog API's answers in memory, all together (docs/storefront.md): served while
   * fresh (`CATALOG_FRESH_SECONDS`), and kept to answer while PostgreSQL is unavailable; the least
   * recently used go first when it is full. Default 16 MiB.
   */
  @IntegerVar(1_048_576, 4_294_967_296)
  CATALOG_CACHE_MAX_BYTES = 16_777_216;

  /**
   * How long a public catalog answer is served from memory without reading PostgreSQL
   * (docs/storefront.md, "Served from memory"): a change made through the service drops it at
   * once in every process; availability (stock less live holds) may be this old. At most the
   * answers' `max-age` (30); 0 reads the database for every request.
   */
  @IntegerVar(0, 30)
  CATALOG_FRESH_SECONDS = 10;

  /**
   * How old a shop page or catalog answer may be and still be served while PostgreSQL is
   * unavailable (docs/storefront.md, "When PostgreSQL or Redis is away"); 0 never serves one.
   */
  @IntegerVar(0, 86_400)
  STALE_IF_ERROR_SECONDS = 600;

  /** The public storefront catalog (decisions §18), per client IP: `<limit>/<seconds>`. */
  @Matches(RATE, { message: RATE_MESSAGE })
  THROTTLE_STOREFRONT = '300/60';

  @Matches(RATE, { message: RATE_MESSAGE })
  THROTTLE_AI_GENERATE = '5/3600';

  /** optimize-profile requests per shop (decisions §15): `<limit>/<seconds>`. */
  @Matches(RATE, { message: RATE_MESSAGE })
  THROTTLE_AI_OPTIMIZE = '10/3600';

  /**
   * Shops one client network may create a day (registration with a shop name, onboarding), counted
   * in the rate-limit store over a 24-hour window (docs/security.md).
   */
  @IntegerVar(1)
  REGISTER_SHOPS_PER_IP_PER_DAY = 5;

  @IntegerVar(0, 100)
  HEALTH_DISK_WARN_PERCENT = 70;

  @IntegerVar(0, 100)
  HEALTH_DISK_FAIL_PERCENT = 90;

  @IsString()
  @IsNotEmpty()
  HEALTH_DISK_PATH = '/';

  @IntegerVar(50)
  OUTBOX_POLL_INTERVAL_MS = 500;

  /**
   * After SIGTERM, requests keep being served this long while readiness says 503 (load balancers
   * stop sending). Unset: 5000 in production, 0 elsewhere, where no load balancer drains and a
   * restart (watch mode, Ctrl-C) should not wait (decisions §19; see `validateEnv`).
   */
  @IntegerVar(0)
  SHUTDOWN_DRAIN_MS = 5000;

  @IntegerVar(1000)
  SHUTDOWN_TIMEOUT_MS = 10000;

  /**
   * A process that runs the queue workers touches this file every 10 s while its event loop turns
   * and its queue connections answer; the liveness probe (`node dist/src/liveness-probe.js`) fails
   * once it is older than 60 s. Empty: no heartbeat.
   */
  @IsString()
  WORKER_HEARTBEAT_FILE = '';

  /**
   * The OpenAPI UI at /api/docs and its JSON: on outside production and off in production unless
   * set (decisions §15 "Production defaults"). Read through `apiDocsServed`.
   */
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  API_DOCS?: boolean;

  /** The older name of API_DOCS, still read outside production when API_DOCS is unset; never opens them in production. */
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  API_DOCS_ENABLED?: boolean;

  // --- Metrics (decisions §11): GET /metrics in Prometheus text, off unless enabled -------------
  /** Off: no route and no per-request work at all; /metrics is a 404 like any unknown path. */
  @Transform(toBoolean)
  @IsBoolean()
  METRICS_ENABLED = false;

  /** Client addresses (req.ip, so TRUST_PROXY applies) served /metrics: IPs and CIDR networks, comma-separated; others get 404. */
  @IsAddressList()
  METRICS_ALLOW = '127.0.0.0/8,::1';

  @IsOptional()
  @IsString()
  GRPC_URL = '127.0.0.1:50051';

  /**
   * Shared secret callers of the gRPC identity service send in metadata `authorization`; empty = none
   * asked. Required (32+ characters) when GRPC_URL is not a loopback address: see env.rules.ts.
   */
  @IsString()
  GRPC_AUTH_TOKEN = '';

  /** Days a bearer token stays valid; 0 = until revoked. */
  @IntegerVar(0, 3650)
  TOKEN_TTL_DAYS = 30;

  /**
   * How long an instance may reuse a verified bearer token without reading it from the database
   * again (ms; 0: read it on every request). Revocation still takes effect at once on every
   * instance: see docs/accounts.md, token cache.
   */
  @IntegerVar(0, 60_000)
  AUTH_TOKEN_CACHE_MS = 10_000;

  @Matches(/^(log|smtps?:\/\/[^\s]+)$/, { message: '$property must be an smtp:// or smtps:// URL, or "log"' })
  MAIL_URL = 'log';

  @IsString()
  @IsNotEmpty()
  MAIL_FROM = 'Storefront <no-reply@storefront.local>';

  @Matches(/^(log|https?:\/\/[^\s]+)$/, { message: '$property must be an http(s) URL, or "log"' })
  SMS_URL = 'log';

  @IntegerVar(1, 1440)
  OTP_TTL_MINUTES = 10;

  @IntegerVar(1, 100)
  OTP_MAX_ATTEMPTS = 5;

  /** Countries (ISO 3166-1 alpha-2, comma-separated) whose numbers get one-time codes by SMS; others: 422 (decisions §15). */
  @Matches(COUNTRY_LIST, { message: '$property must be ISO 3166-1 country codes separated by commas, e.g. HN or HN,GT' })
  OTP_SMS_COUNTRIES = 'HN';

  // --- Social sign-in: a token must have been issued to this platform's app (decisions §3). An
  // empty client id (or secret) leaves that provider off: its sign-ins answer 503.
  @Matches(HTTP_URL, { message: HTTP_URL_MESSAGE })
  SOCIAL_GOOGLE_TOKENINFO_URL = 'https://oauth2.googleapis.com/tokeninfo';

  /** Comma-separated: the web, iOS and Android clients of one app each have their own id. */
  @IsString()
  SOCIAL_GOOGLE_CLIENT_IDS = '';

  @Matches(HTTP_URL, { message: HTTP_URL_MESSAGE })
  SOCIAL_FACEBOOK_DEBUG_TOKEN_URL = 'https://graph.facebook.com/debug_token';

  @Matches(HTTP_URL, { message: HTTP_URL_MESSAGE })
  SOCIAL_FACEBOOK_USERINFO_URL = 'https://graph.facebook.com/me?fields=id,name,email,picture';

  @IsString()
  SOCIAL_FACEBOOK_APP_ID = '';

  @IsString()
  SOCIAL_FACEBOOK_APP_SECRET = '';

  @Matches(HTTP_URL, { message: HTTP_URL_MESSAGE })
  SOCIAL_GITHUB_TOKEN_CHECK_URL = 'https://api.github.com/applications/{client_id}/token';

  @IsString()
  SOCIAL_GITHUB_CLIENT_ID = '';

  @IsString()
  SOCIAL_GITHUB_CLIENT_SECRET = '';

  @IsString()
  SOCIAL_TWITTER_CLIENT_ID = '';

  @Matches(HTTP_URL, { message: HTTP_URL_MESSAGE })
  SOCIAL_TWITTER_USERINFO_URL = 'https://api.twitter.com/2/users/me';

  @Matches(HTTP_URL, { message: HTTP_URL_MESSAGE })
  SOCIAL_APPLE_JWKS_URL = 'https://appleid.apple.com/auth/keys';

  @IsString()
  SOCIAL_APPLE_CLIENT_ID = '';

  @IsString()
  SOCIAL_APPLE_ISSUER = 'https://appleid.apple.com';

  @Transform(toBoolean)
  @IsBoolean()
  EMAIL_DNS_CHECK = true;

  @Matches(/^$|^[0-9a-fA-F.:[\]]+(,[0-9a-fA-F.:[\]]+)*$/, {
    message: '$property must be a comma-separated list of resolver addresses (ip or ip:port)',
  })
  DNS_SERVERS = '';

  /** Hours a sales report's signed download link stays valid (decisions §9); the file itself is kept 7 days. */
  @IntegerVar(1, 168)
  REPORT_URL_TTL_HOURS = 24;

  @IntegerVar(1, 1440)
  INVENTORY_HOLD_MINUTES = 15;

  // Inventory hold abuse bounds (decisions §6): one client cannot take a shop's stock off sale.
  /** Units of one product one checkout session may hold. */
  @IntegerVar(1)
  INVENTORY_HOLD_MAX_UNITS = 20;

  /** Live holding sessions one client (IPv4 address, IPv6 /64) may have per shop (docs/commerce.md: shared IPs are normal). */
  @IntegerVar(1)
  INVENTORY_HOLD_MAX_SESSIONS = 20;

  /** Live checkout sessions (used in the last 30 minutes) one client (IPv4 address, IPv6 /64) may have per shop. */
  @IntegerVar(1, 1000)
  CHECKOUT_MAX_SESSIONS_PER_IP = 20;

  // --- AI enrichment (decisions §8): any OpenAI-compatible chat-completions API. An empty base URL
  // or key leaves the feature off: both AI endpoints answer 503 and spend nothing.
  @Matches(/^$|^https?:\/\/[^\s]+$/, { message: '$property must be an http(s) URL (or empty: AI off)' })
  AI_BASE_URL = '';

  @IsString()
  AI_API_KEY = '';

  @IsString()
  @IsNotEmpty()
  AI_MODEL = 'gpt-4o-mini';

  /** Credits a new shop starts with. */
  @IntegerVar(0, 1_000_000)
  AI_DEFAULT_CREDITS = 100;

  /** Credits each AI call (optimize-profile, generate) spends. */
  @IntegerVar(1, 1_000_000)
  AI_CREDITS_PER_CALL = 1;

  @Transform(({ value }) => (value === undefined || value === '' ? undefined : Number(value)))
  @IsIn([402, 403], { message: '$property must be 402 or 403' })
  AI_BUDGET_EXHAUSTED_STATUS: 402 | 403 = 402;

  @IntegerVar(100, 600_000)
  AI_TIMEOUT_MS = 30_000;

  /** Retries of the provider SDK on connection errors, 408/409/429 and 5xx answers. */
  @IntegerVar(0, 10)
  AI_MAX_RETRIES = 2;

  /** `max_tokens` of every provider call: the most one answer may cost in output tokens (decisions §15). */
  @IntegerVar(1, 100_000)
  AI_MAX_OUTPUT_TOKENS = 800;

  /** Tokens one shop may spend per UTC day; a call that could pass it is refused with 429. */
  @IntegerVar(1)
  AI_DAILY_TOKEN_CAP = 200_000;

  /** Tokens the whole platform may spend per UTC day (all shops together): the provider bill's ceiling. */
  @IntegerVar(1)
  AI_GLOBAL_DAILY_TOKEN_CAP = 5_000_000;

  @IsString()
  PAYMENT_WEBHOOK_SECRET = '';

  @Matches(PROVIDER_NAME, { message: '$property must be 1-100 letters, digits, ".", "_" or "-"' })
  PAYMENT_PROVIDER = 'default';

  /** Several gateways: `name:secret,…`; X-Payment-Provider picks the one whose secret must verify. */
  @IsString()
  PAYMENT_WEBHOOK_SECRETS = '';

  // --- Web Push (decisions §9, §12) -----------------------------------------------------------
  /**
   * Hosts a push subscription's endpoint may name (comma-separated; `*.example.com` matches its
   * subdomains): the server posts to no other host. Default: the browsers' push services.
   */
  @Matches(PUSH_HOSTS, { message: '$property must be a comma-separated list of host names (a leading "*." matches subdomains)' })
  PUSH_ALLOWED_HOSTS = 'fcm.googleapis.com,updates.push.services.mozilla.com,web.push.apple.com,*.notify.windows.com';

  /** Ports a push subscription's endpoint may use (comma-separated; decisions §15). Default: 443 only. */
  @Matches(PUSH_PORTS, { message: '$property must be a comma-separated list of ports (1-65535)' })
  PUSH_ALLOWED_PORTS = '443';

  /** VAPID key pair (`npm run cli -- vapid:generate`), unpadded base64url; both empty: pushes are skipped. */
  @IsString()
  VAPID_PUBLIC_KEY = '';

  @IsString()
  VAPID_PRIVATE_KEY = '';

  /** Who the push services may contact about this sender. */
  @Matches(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/[^\s]+)$/, { message: '$property must be a mailto: address or an https:// URL' })
  VAPID_SUBJECT = 'mailto:admin@storefront.local';

  /**
   * A PEM file of extra certificate authorities trusted for push endpoints, besides the system's: a
   * self-hosted push service behind a private CA. Empty: the system's only.
   */
  @IsString()
  PUSH_CA_FILE = '';

  // --- Image uploads (docs/uploads.md): DATA_DIR/uploads unless all four S3_* below are set ---
  /** An S3-compatible object store's endpoint (MinIO, ...); empty: uploads are kept in DATA_DIR/uploads. */
  @ValidateIf((env: EnvironmentVariables) => env.S3_ENDPOINT !== '')
  @Matches(HTTP_URL, { message: HTTP_URL_MESSAGE })
  S3_ENDPOINT = '';

  @IsString()
  S3_BUCKET = '';

  @IsString()
  S3_ACCESS_KEY_ID = '';

  @IsString()
  S3_SECRET_ACCESS_KEY = '';

  @IsString()
  @IsNotEmpty()
  S3_REGION = 'us-east-1';

  /** Where browsers fetch the bucket's objects (a CDN or the bucket's public URL); empty: S3_ENDPOINT/S3_BUCKET. */
  @ValidateIf((env: EnvironmentVariables) => env.S3_PUBLIC_URL !== '')
  @Matches(HTTP_URL, { message: HTTP_URL_MESSAGE })
  S3_PUBLIC_URL = '';
}

export type Env = EnvironmentVariables;
