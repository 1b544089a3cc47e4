const { resolveTestServers } = require('./test/support/test-servers');

/** Unit specs sit beside the code; end-to-end specs run against real PostgreSQL and (where it answers) Redis. */
const shared = {
  moduleFileExtensions: ['js', 'json', 'ts', 'tsx'],
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: 'tsconfig.spec.json' }],
    // The mail renderer loads react-dom/server with import(), which Jest's sandbox cannot run.
    '/@react-email/render/.+\\.cjs$': '<rootDir>/test/support/require-dynamic-imports.js',
  },
  transformIgnorePatterns: ['/node_modules/(?!@react-email/render/)'],
  testEnvironment: 'node',
  setupFiles: ['<rootDir>/test/support/setup-env.ts'],
  // The path aliases of tsconfig.json.
  moduleNameMapper: {
    '^@common/(.*)$': '<rootDir>/src/common/$1',
    '^@config/(.*)$': '<rootDir>/src/config/$1',
    '^@infra/(.*)$': '<rootDir>/src/infra/$1',
    '^@modules/(.*)$': '<rootDir>/src/modules/$1',
    '^@migrations$': '<rootDir>/migrations/index.ts',
    '^@client$': '<rootDir>/client/src/index.ts',
    '^@test/(.*)$': '<rootDir>/test/$1',
    '^@app/(.*)$': '<rootDir>/src/$1',
  },
};

const e2e = {
  ...shared,
  rootDir: '.',
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  // The count of responses checked against the API document, written when each file ends.
  setupFilesAfterEnv: ['<rootDir>/test/support/api-contract/record-counts.ts'],
};

/**
 * The suites whose subject is the key-value store or the queues (decisions §14, docs/testing.md):
 * when a Redis answers, the `e2e` project runs them on Redis and `e2e-postgres` once more in
 * PostgreSQL-only mode (no REDIS_URL; store and queues on PostgreSQL). Without Redis the `e2e`
 * project already runs everything that way. (test/e2e/store runs both backends itself.)
 * TEST_PER_BACKEND=0 leaves the second run out.
 */
const PER_BACKEND = [
  'rate-limit/rate-limit.e2e-spec.ts',
  'rate-limit/rate-limit-keys.e2e-spec.ts',
  'idempotency/idempotency.e2e-spec.ts',
  'outbox/outbox.e2e-spec.ts',
  'health/health.e2e-spec.ts',
  'orders/order-idempotency.e2e-spec.ts',
  'checkout/checkout.e2e-spec.ts',
  'checkout/checkout-sessions.e2e-spec.ts',
  'coupons/public-coupons.e2e-spec.ts',
  'messaging/messaging.e2e-spec.ts',
  'messaging/sealed-message-jobs.e2e-spec.ts',
  'analytics/analytics.e2e-spec.ts',
  'analytics/analytics-durability.e2e-spec.ts',
  'notifications/new-order-notification.e2e-spec.ts',
  'exports/export-lifecycle.e2e-spec.ts',
  'exports/export-shutdown.e2e-spec.ts',
  'exports/export-ready-event.e2e-spec.ts',
  'ai/ai-spending.e2e-spec.ts',
  'ai/ai-dispatch-outbox.e2e-spec.ts',
  'exports/export-request-outbox.e2e-spec.ts',
  'notifications/notifier-after-commit.e2e-spec.ts',
];

module.exports = async () => {
  const servers = await resolveTestServers();
  return {
    testTimeout: 60000,
    reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
    projects: [
      {
        ...shared,
        displayName: 'unit',
        rootDir: '.',
        testMatch: ['<rootDir>/src/**/*.spec.{ts,tsx}', '<rootDir>/test/unit/**/*.spec.ts', '<rootDir>/dashboard/src/**/*.spec.ts'],
      },
      { ...e2e, displayName: 'e2e', testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'] },
      ...(process.env.TEST_PER_BACKEND !== '0' &&
      servers.redis &&
      (process.env.TEST_STORE_BACKEND ?? 'redis') === 'redis' &&
      (process.env.TEST_QUEUE_BACKEND ?? 'redis') === 'redis'
        ? [
            {
              ...e2e,
              displayName: 'e2e-postgres',
              testMatch: PER_BACKEND.map((file) => `<rootDir>/test/e2e/${file}`),
              setupFiles: ['<rootDir>/test/support/postgres-backends.ts', ...shared.setupFiles],
            },
          ]
        : []),
    ],
  };
};
