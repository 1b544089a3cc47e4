const { resolveTestServers } = require('./test/support/test-servers');
const { testWorkers } = require('./test/support/test-workers');

/** As tsconfig.json compiles: ES2022 (class fields defined), CommonJS, decorators with metadata, React's automatic JSX. */
const SWC = {
  jsc: {
    parser: { syntax: 'typescript', tsx: true, decorators: true },
    target: 'es2022',
    keepClassNames: true,
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: true, react: { runtime: 'automatic' } },
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};

/** Unit specs sit beside the code; end-to-end specs run against real PostgreSQL and (where it answers) Redis. */
const shared = {
  moduleFileExtensions: ['js', 'json', 'ts', 'tsx'],
  transform: {
    // SWC only strips types (the type check is `npm run typecheck`): legacy decorators with their
    // design-time metadata, as tsc emits them for Nest, TypeORM and class-validator.
    '^.+\\.tsx?$': ['@swc/jest', SWC],
    // The mail renderer loads react-dom/server with import(), which Jest's sandbox cannot run.
    '/@react-email/render/.+\\.cjs$': '<rootDir>/test/support/require-dynamic-imports.js',
  },
  transformIgnorePatterns: ['/node_modules/(?!@react-email/render/)'],
  testEnvironment: 'node',
  // A worker keeps the modules it transformed and V8's compiled code across its files (the module
  // registry stays per file): test/support/caching-runtime.js.
  runtime: '<rootDir>/test/support/caching-runtime.js',
  // This worker's own database, Redis DB index, queue prefix and ports first (test/support/test-workers.js).
  setupFiles: ['<rootDir>/test/support/worker-env.ts', '<rootDir>/test/support/setup-env.ts'],
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
    // React as the service runs it (NODE_ENV=production): the development build checks every
    // element it creates, which made rendering shop pages and mails the costliest part of many files.
    '^react$': '<rootDir>/node_modules/react/cjs/react.production.js',
    '^react/jsx-runtime$': '<rootDir>/node_modules/react/cjs/react-jsx-runtime.production.js',
    '^react/jsx-dev-runtime$': '<rootDir>/node_modules/react/cjs/react-jsx-dev-runtime.production.js',
    '^react-dom$': '<rootDir>/node_modules/react-dom/cjs/react-dom.production.js',
    '^react-dom/server$': '<rootDir>/test/support/react-dom-server.production.js',
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
    // Files run in parallel, each worker on servers of its own (docs/testing.md "Parallel workers").
    maxWorkers: testWorkers(),
    // Browser files spread over the run rather than bunched (docs/testing.md "Order of the files").
    testSequencer: '<rootDir>/test/support/test-sequencer.js',
    // A safety net, not the fix: a worker whose heap grew past this after a file is replaced.
    workerIdleMemoryLimit: '900MB',
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
