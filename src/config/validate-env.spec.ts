import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateVAPIDKeys } from 'web-push';
import {
  apiDocsServed,
  parseCountryList,
  parseRate,
  parseTrustProxy,
  parseWebhookSecrets,
  runtimeMode,
  usesEmbeddedDatabase,
} from './env.parsers';
import { EXAMPLE_APP_KEY } from './env.rules';
import { validateEnv, validateResolvedEnv } from './validate-env';

const base = { APP_KEY: 'k'.repeat(32), DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x' };

describe('validateEnv', () => {
  it('applies defaults and converts types', () => {
    const env = validateEnv(base);
    expect(env.PORT).toBe(3000);
    expect(env.APP_ROLE).toBe('all');
    expect(env.MIGRATIONS_RUN).toBe(true);
    expect(env.THROTTLE_API).toBe('60/60');
  });

  it('drains 5 s after SIGTERM in production only, unless SHUTDOWN_DRAIN_MS says otherwise (decisions §19)', () => {
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://u@db:5432/x', APP_KEY: 'k'.repeat(32) };
    expect(validateEnv(production).SHUTDOWN_DRAIN_MS).toBe(5000);
    expect(validateEnv({ NODE_ENV: 'development' }).SHUTDOWN_DRAIN_MS).toBe(0);
    expect(validateEnv({}).SHUTDOWN_DRAIN_MS).toBe(0);
    expect(validateEnv({ NODE_ENV: 'development', SHUTDOWN_DRAIN_MS: '2000' }).SHUTDOWN_DRAIN_MS).toBe(2000);
    expect(validateEnv({ ...production, SHUTDOWN_DRAIN_MS: '0' }).SHUTDOWN_DRAIN_MS).toBe(0);
  });

  it('treats an empty value as unset', () => {
    expect(validateEnv({ ...base, PORT: '' }).PORT).toBe(3000);
  });

  describe('OTP_SMS_COUNTRIES (decisions §15)', () => {
    it('defaults to HN and reads a comma-separated list of ISO codes, any case', () => {
      expect(parseCountryList(validateEnv(base).OTP_SMS_COUNTRIES)).toEqual(['HN']);
      expect(parseCountryList(validateEnv({ ...base, OTP_SMS_COUNTRIES: ' hn, Gt ,SV' }).OTP_SMS_COUNTRIES)).toEqual(['HN', 'GT', 'SV']);
    });

    it.each(['Honduras', 'HN;GT', 'HN,', '504'])('refuses %p, naming the variable', (value) => {
      expect(() => validateEnv({ ...base, OTP_SMS_COUNTRIES: value })).toThrow(/OTP_SMS_COUNTRIES must be ISO 3166-1 country codes/);
    });

    it('refuses a code no numbering plan knows', () => {
      expect(() => validateEnv({ ...base, OTP_SMS_COUNTRIES: 'HN,XX' })).toThrow(/OTP_SMS_COUNTRIES names XX/);
    });
  });

  describe('API docs (decisions §15 "Production defaults")', () => {
    const served = (env: Record<string, string>) => apiDocsServed(validateEnv({ ...base, ...env }));

    it('are on outside production and off in production unless API_DOCS=true', () => {
      expect(served({ NODE_ENV: 'development' })).toBe(true);
      expect(served({ NODE_ENV: 'production' })).toBe(false);
      expect(served({ NODE_ENV: 'production', API_DOCS_ENABLED: 'true' })).toBe(false);
      expect(served({ NODE_ENV: 'production', API_DOCS: 'true' })).toBe(true);
    });

    it('keep API_DOCS_ENABLED as the older switch outside production; API_DOCS wins', () => {
      expect(served({ NODE_ENV: 'development', API_DOCS_ENABLED: 'false' })).toBe(false);
      expect(served({ NODE_ENV: 'development', API_DOCS: 'false', API_DOCS_ENABLED: 'true' })).toBe(false);
      expect(() => served({ API_DOCS: 'maybe' })).toThrow(/API_DOCS/);
    });
  });

  it('bounds AI spending (decisions §15): max_tokens and the daily token caps are positive integers', () => {
    const env = validateEnv(base);
    expect([env.AI_MAX_OUTPUT_TOKENS, env.AI_DAILY_TOKEN_CAP, env.AI_GLOBAL_DAILY_TOKEN_CAP]).toEqual([800, 200_000, 5_000_000]);
    expect(validateEnv({ ...base, THROTTLE_AI_OPTIMIZE: '' }).THROTTLE_AI_OPTIMIZE).toBe('10/3600');
    for (const [name, value] of [
      ['AI_MAX_OUTPUT_TOKENS', '0'],
      ['AI_DAILY_TOKEN_CAP', 'lots'],
      ['AI_GLOBAL_DAILY_TOKEN_CAP', '-1'],
      ['THROTTLE_AI_OPTIMIZE', '10'],
    ]) {
      expect(() => validateEnv({ ...base, [name]: value })).toThrow(name);
    }
  });

  it('REGISTER_SHOPS_PER_IP_PER_DAY: 5 unless set, a positive integer', () => {
    expect(validateEnv(base).REGISTER_SHOPS_PER_IP_PER_DAY).toBe(5);
    expect(validateEnv({ ...base, REGISTER_SHOPS_PER_IP_PER_DAY: '50' }).REGISTER_SHOPS_PER_IP_PER_DAY).toBe(50);
    for (const value of ['0', '-1', '2.5', 'many', '5/86400']) {
      expect(() => validateEnv({ ...base, REGISTER_SHOPS_PER_IP_PER_DAY: value })).toThrow('REGISTER_SHOPS_PER_IP_PER_DAY');
    }
  });

  describe('REDIS_URL and the mode (decisions §14)', () => {
    const redis = { REDIS_URL: 'redis://127.0.0.1:6379/0' };

    it('without REDIS_URL (or with it empty) runs PostgreSQL-only: store and queues default to postgres', () => {
      for (const env of [validateEnv(base), validateEnv({ ...base, REDIS_URL: '' })]) {
        expect(env.REDIS_URL).toBeUndefined();
        expect(runtimeMode(env)).toBe('postgres-only');
        expect([env.STORE_BACKEND, env.QUEUE_BACKEND]).toEqual(['postgres', 'postgres']);
      }
    });

    it('with REDIS_URL both default to redis, and each stays an explicit override', () => {
      const env = validateEnv({ ...base, ...redis });
      expect(runtimeMode(env)).toBe('redis');
      expect([env.STORE_BACKEND, env.QUEUE_BACKEND]).toEqual(['redis', 'redis']);
      const mixed = validateEnv({ ...base, ...redis, STORE_BACKEND: 'postgres' });
      expect([mixed.STORE_BACKEND, mixed.QUEUE_BACKEND]).toEqual(['postgres', 'redis']);
    });

    it.each(['STORE_BACKEND', 'QUEUE_BACKEND'])('refuses %s=redis without REDIS_URL, naming REDIS_URL', (name) => {
      expect(() => validateEnv({ ...base, [name]: 'redis' })).toThrow(new RegExp(`${name}=redis needs REDIS_URL`));
    });
  });

  it.each([
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ APP_KEY: 'short' }, 'APP_KEY'],
    [{ PORT: 'eighty' }, 'PORT'],
    [{ APP_ROLE: 'both' }, 'APP_ROLE'],
    [{ THROTTLE_API: '60 per minute' }, 'THROTTLE_API'],
    [{ MIGRATIONS_RUN: 'maybe' }, 'MIGRATIONS_RUN'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
    [{ PAGE_CACHE_MAX_BYTES: '32MiB' }, 'PAGE_CACHE_MAX_BYTES'],
    [{ PAGE_CACHE_MAX_BYTES: '1000' }, 'PAGE_CACHE_MAX_BYTES'],
  ])('stops start-up naming the bad variable (%o)', (override, name) => {
    expect(() => validateEnv({ ...base, ...override })).toThrow(new RegExp(name));
  });

  it('keeps the shop pages within 32 MiB unless PAGE_CACHE_MAX_BYTES says otherwise', () => {
    expect(validateEnv(base).PAGE_CACHE_MAX_BYTES).toBe(32 * 1024 * 1024);
    expect(validateEnv({ ...base, PAGE_CACHE_MAX_BYTES: '8388608' }).PAGE_CACHE_MAX_BYTES).toBe(8 * 1024 * 1024);
  });

  describe('zero-setup mode (decisions §14)', () => {
    it('runs the embedded PostgreSQL when DATABASE_URL is unset outside production, or "embedded" anywhere', () => {
      expect(usesEmbeddedDatabase(validateEnv({ APP_KEY: base.APP_KEY }))).toBe(true);
      expect(usesEmbeddedDatabase(validateEnv({ ...base, DATABASE_URL: 'embedded', NODE_ENV: 'production' }))).toBe(true);
      expect(usesEmbeddedDatabase(validateEnv(base))).toBe(false);
      expect(validateEnv({}).DATA_DIR).toBe('./var');
    });

    it('refuses production without DATABASE_URL or APP_KEY, naming them', () => {
      expect(() => validateEnv({ APP_KEY: base.APP_KEY, NODE_ENV: 'production' })).toThrow(/DATABASE_URL is required/);
      expect(() => validateEnv({ DATABASE_URL: base.DATABASE_URL, NODE_ENV: 'production' })).toThrow(/APP_KEY is required/);
    });

    it('builds the container only from resolved values', () => {
      expect(() => validateResolvedEnv({ APP_KEY: base.APP_KEY, DATABASE_URL: 'embedded' })).toThrow(/DATABASE_URL/);
      expect(() => validateResolvedEnv({ DATABASE_URL: base.DATABASE_URL })).toThrow(/APP_KEY/);
      expect(validateResolvedEnv(base).DATABASE_URL).toBe(base.DATABASE_URL);
    });
  });

  it('parses rates and proxy trust', () => {
    expect(parseRate('5/3600')).toEqual({ limit: 5, seconds: 3600 });
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('loopback')).toBe('loopback');
  });

  describe('abuse resistance (decisions §10, §11)', () => {
    it('knows the APP_KEY placeholder of .env.example', () => {
      const example = readFileSync(join(__dirname, '..', '..', '.env.example'), 'utf8');
      expect(example).toMatch(new RegExp(`^APP_KEY=${EXAMPLE_APP_KEY}$`, 'm'));
    });

    it('refuses the APP_KEY of .env.example in production only', () => {
      expect(() => validateEnv({ ...base, NODE_ENV: 'production', APP_KEY: EXAMPLE_APP_KEY })).toThrow(/APP_KEY/);
      expect(validateEnv({ ...base, NODE_ENV: 'development', APP_KEY: EXAMPLE_APP_KEY }).APP_KEY).toBe(EXAMPLE_APP_KEY);
      expect(validateEnv({ ...base, NODE_ENV: 'production' }).NODE_ENV).toBe('production');
    });

    it.each([
      '0.0.0.0:50051',
      '10.0.0.5:50051',
      '[::]:50051',
      'grpc.internal:50051',
      'api:50051',
      '128.0.0.1:50051',
      'unix:/tmp/grpc.sock',
    ])('stops start-up on a non-loopback GRPC_URL (%s) without a GRPC_AUTH_TOKEN of 32+ characters', (url) => {
      expect(() => validateEnv({ ...base, GRPC_URL: url })).toThrow(/GRPC_AUTH_TOKEN/);
      expect(() => validateEnv({ ...base, GRPC_URL: url, GRPC_AUTH_TOKEN: 't'.repeat(31) })).toThrow(/GRPC_AUTH_TOKEN/);
      expect(validateEnv({ ...base, GRPC_URL: url, GRPC_AUTH_TOKEN: 't'.repeat(32) }).GRPC_URL).toBe(url);
    });

    it.each(['127.0.0.1:50051', '127.8.9.10:7000', 'localhost:50051', 'LOCALHOST:1', '[::1]:50051'])(
      'needs no token on a loopback GRPC_URL (%s)',
      (url) => {
        expect(validateEnv({ ...base, GRPC_URL: url }).GRPC_AUTH_TOKEN).toBe('');
      },
    );

    it('reads PAYMENT_WEBHOOK_SECRETS as name:secret pairs', () => {
      const env = validateEnv({ ...base, PAYMENT_WEBHOOK_SECRETS: ' alpha:s3cr:et , beta.v2:other ' });
      expect(parseWebhookSecrets(env.PAYMENT_WEBHOOK_SECRETS)).toEqual(
        new Map([
          ['alpha', 's3cr:et'],
          ['beta.v2', 'other'],
        ]),
      );
    });

    it.each([
      ['no secret', 'alpha'],
      ['an empty secret', 'alpha:'],
      ['an empty name', ':secret'],
      ['a bad name', 'al pha:secret'],
      ['an empty entry', 'alpha:a,,beta:b'],
      ['a repeated name', 'alpha:a,alpha:b'],
      ['one secret for two providers', 'alpha:same,beta:same'],
    ])('stops start-up on PAYMENT_WEBHOOK_SECRETS with %s', (_case, value) => {
      expect(() => validateEnv({ ...base, PAYMENT_WEBHOOK_SECRETS: value })).toThrow(/PAYMENT_WEBHOOK_SECRETS/);
    });

    it('stops start-up when both PAYMENT_WEBHOOK_SECRET and PAYMENT_WEBHOOK_SECRETS are set', () => {
      expect(() => validateEnv({ ...base, PAYMENT_WEBHOOK_SECRET: 'one', PAYMENT_WEBHOOK_SECRETS: 'alpha:two' })).toThrow(
        /PAYMENT_WEBHOOK_SECRETS.*PAYMENT_WEBHOOK_SECRET/,
      );
    });
  });

  describe('Web Push (decisions §9, §12)', () => {
    const pair = generateVAPIDKeys();

    it('defaults to the browsers push services, no VAPID pair, and a mailto: subject', () => {
      const env = validateEnv(base);
      expect(env.PUSH_ALLOWED_HOSTS).toBe('fcm.googleapis.com,updates.push.services.mozilla.com,web.push.apple.com,*.notify.windows.com');
      expect(env.PUSH_ALLOWED_PORTS).toBe('443');
      expect([env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY, env.VAPID_SUBJECT]).toEqual(['', '', 'mailto:admin@storefront.local']);
    });

    it('accepts a generated pair', () => {
      const env = validateEnv({ ...base, VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey });
      expect(env.VAPID_PUBLIC_KEY).toBe(pair.publicKey);
    });

    it.each([
      ['only the public key', { VAPID_PUBLIC_KEY: pair.publicKey }, /set together/],
      ['only the private key', { VAPID_PRIVATE_KEY: pair.privateKey }, /set together/],
      [
        'a public key that is not base64url',
        { VAPID_PUBLIC_KEY: `${pair.publicKey.slice(1)}+`, VAPID_PRIVATE_KEY: pair.privateKey },
        /VAPID_PUBLIC_KEY/,
      ],
      ['a padded private key', { VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: `${pair.privateKey}=` }, /VAPID_PRIVATE_KEY/],
      ['a short public key', { VAPID_PUBLIC_KEY: pair.publicKey.slice(0, 40), VAPID_PRIVATE_KEY: pair.privateKey }, /65 bytes/],
      [
        'a private key of another pair',
        { VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: generateVAPIDKeys().privateKey },
        /not the private key/,
      ],
    ])('stops start-up on %s', (_case, override, message) => {
      expect(() => validateEnv({ ...base, ...override })).toThrow(message);
    });

    it.each(['http://admin.example', 'admin@example.com', 'mailto:'])('stops start-up on VAPID_SUBJECT %s', (subject) => {
      expect(() => validateEnv({ ...base, VAPID_SUBJECT: subject })).toThrow(/VAPID_SUBJECT/);
    });

    it.each(['127.0.0.1', 'push.example.com, *.push.example.net', '[::1]'])('accepts PUSH_ALLOWED_HOSTS %s', (hosts) => {
      expect(validateEnv({ ...base, PUSH_ALLOWED_HOSTS: hosts }).PUSH_ALLOWED_HOSTS).toBe(hosts);
    });

    it.each(['443', '443, 8443', '1,65535'])('accepts PUSH_ALLOWED_PORTS %s', (ports) => {
      expect(validateEnv({ ...base, PUSH_ALLOWED_PORTS: ports }).PUSH_ALLOWED_PORTS).toBe(ports);
    });

    it.each(['0', '65536', '443,', 'https', '08443', '443;8443'])('stops start-up on PUSH_ALLOWED_PORTS "%s"', (ports) => {
      expect(() => validateEnv({ ...base, PUSH_ALLOWED_PORTS: ports })).toThrow(/PUSH_ALLOWED_PORTS/);
    });

    it.each(['https://push.example.com', 'push.example.com:443', '*', 'a,,b', 'push.example.com/path'])(
      'stops start-up on PUSH_ALLOWED_HOSTS %s',
      (hosts) => {
        expect(() => validateEnv({ ...base, PUSH_ALLOWED_HOSTS: hosts })).toThrow(/PUSH_ALLOWED_HOSTS/);
      },
    );
  });
});
