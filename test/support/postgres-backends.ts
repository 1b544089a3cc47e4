// The `e2e-postgres` project (jest.config.js): the same suites in PostgreSQL-only mode (decisions
// §14: no REDIS_URL, store and queues on PostgreSQL) although a Redis answers. Runs before
// setup-env.ts, whose test-env.ts reads these.
process.env.TEST_REDIS = 'absent';
process.env.TEST_STORE_BACKEND = 'postgres';
process.env.TEST_QUEUE_BACKEND = 'postgres';
