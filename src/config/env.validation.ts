import { applyDecorators } from '@nestjs/common';
import { plainToInstance, Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, Min, MinLength, validateSync } from 'class-validator';

export const APP_ROLES = ['all', 'api', 'worker'] as const;
export type AppRole = (typeof APP_ROLES)[number];

const RATE = /^\d+\/\d+$/;
const HTTP_URL = /^https?:\/\/[^\s]+$/;
const HTTP_URL_MESSAGE = '$property must be an http(s) URL';
const RATE_MESSAGE = '$property must look like "<limit>/<seconds>", e.g. 60/60';

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

  @IsString()
  @MinLength(32, { message: '$property must be at least 32 characters (generate one with `openssl rand -hex 32`)' })
  APP_KEY: string;

  @Matches(/^[A-Z]{3}$/, { message: '$property must be an ISO 4217 code such as HNL' })
  APP_CURRENCY = 'HNL';

  @Matches(/^postgres(ql)?:\/\/[^\s]+$/, { message: '$property must be a postgres:// URL' })
  DATABASE_URL: string;

  @Transform(toBoolean)
  @IsBoolean()
  MIGRATIONS_RUN = true;

  @IntegerVar(1, 200)
  DATABASE_POOL_SIZE = 10;

  @Matches(/^rediss?:\/\/[^\s]+$/, { message: '$property must be a redis:// URL' })
  REDIS_URL = 'redis://127.0.0.1:6379/0';

  @Matches(/^[a-z0-9_-]{1,32}$/i, { message: '$property must be 1-32 letters, digits, - or _' })
  QUEUE_PREFIX = 'sf';

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

  @Matches(RATE, { message: RATE_MESSAGE })
  THROTTLE_AI_GENERATE = '5/3600';

  @IntegerVar(0, 100)
  HEALTH_DISK_WARN_PERCENT = 70;

  @IntegerVar(0, 100)
  HEALTH_DISK_FAIL_PERCENT = 90;

  @IsString()
  @IsNotEmpty()
  HEALTH_DISK_PATH = '/';

  @IntegerVar(50)
  OUTBOX_POLL_INTERVAL_MS = 500;

  /** After SIGTERM, requests keep being served this long while readiness says 503 (load balancers stop sending). */
  @IntegerVar(0)
  SHUTDOWN_DRAIN_MS = 5000;

  @IntegerVar(1000)
  SHUTDOWN_TIMEOUT_MS = 10000;

  @Transform(toBoolean)
  @IsBoolean()
  API_DOCS_ENABLED = true;

  @IsOptional()
  @IsString()
  GRPC_URL = '127.0.0.1:50051';

  /** Shared secret callers of the gRPC identity service send in metadata `authorization`; empty = none asked. */
  @IsString()
  GRPC_AUTH_TOKEN = '';

  /** Days a bearer token stays valid; 0 = until revoked. */
  @IntegerVar(0, 3650)
  TOKEN_TTL_DAYS = 30;

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

  @IntegerVar(1, 1440)
  INVENTORY_HOLD_MINUTES = 15;

  // Inventory hold abuse bounds (decisions §6): one client cannot take a shop's stock off sale.
  /** Units of one product one checkout session may hold. */
  @IntegerVar(1)
  INVENTORY_HOLD_MAX_UNITS = 20;

  /** Live holding sessions one client (IPv4 address, IPv6 /64) may have per shop. */
  @IntegerVar(1)
  INVENTORY_HOLD_MAX_SESSIONS = 3;

  @IsString()
  PAYMENT_WEBHOOK_SECRET = '';

  @Matches(/^[A-Za-z0-9._-]{1,100}$/, { message: '$property must be 1-100 letters, digits, ".", "_" or "-"' })
  PAYMENT_PROVIDER = 'default';
}

export type Env = EnvironmentVariables;

/** Used by ConfigModule: a bad or missing value stops start-up with the variable's name. */
export function validateEnv(raw: Record<string, unknown>): EnvironmentVariables {
  // An empty value means "not set": the default applies, as for a missing one.
  const present = Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== ''));
  const env = plainToInstance(EnvironmentVariables, present, { exposeDefaultValues: true });
  const errors = validateSync(env, { skipMissingProperties: false });
  if (errors.length > 0) {
    const lines = errors.flatMap((error) => Object.values(error.constraints ?? {}).map((text) => `  - ${text}`));
    throw new Error(`Invalid configuration (see .env.example):\n${lines.join('\n')}`);
  }
  return env;
}

/** "limit/seconds" → numbers. Validated above, so the shape is known. */
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
