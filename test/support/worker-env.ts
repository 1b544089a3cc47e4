// Runs first before each test file (jest.config.js setupFiles): points TEST_DATABASE_URL,
// TEST_REDIS_URL and TEST_QUEUE_PREFIX at this worker's own servers (test/support/test-workers.js).
// Jest gives each file its own copy of process.env, so each file derives them from the run's base
// settings again; test-env.ts, imported after this, reads them.
import { workerServers } from './test-workers';

if (process.env.TEST_WORKER_ASSIGNED === undefined) {
  const worker = Number(process.env.JEST_WORKER_ID ?? 1);
  const servers = workerServers(worker);
  process.env.TEST_WORKER_ASSIGNED = String(worker);
  process.env.TEST_DATABASE_URL = servers.databaseUrl;
  process.env.TEST_REDIS_URL = servers.redisUrl;
  process.env.TEST_QUEUE_PREFIX = servers.queuePrefix;
  process.env.TEST_WORKER_PORTS = `${servers.ports.from}-${servers.ports.from + servers.ports.count - 1}`;
}
