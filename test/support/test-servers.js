/**
 * Which servers the suite runs against, decided once per `jest` run, before any test (jest.config.js
 * awaits it). What it finds is written to process.env, which globalSetup, the test files and the
 * processes they spawn all inherit:
 *
 * - TEST_REDIS_URL (default redis://127.0.0.1:6379/13): when nothing answers there, or it is `none`,
 *   the suite runs in PostgreSQL-only mode (TEST_REDIS=absent): apps start without REDIS_URL, store and
 *   queues on PostgreSQL, and the suites that need a shared Redis skip, saying so.
 * - TEST_DATABASE_URL: when unset and nothing answers on 127.0.0.1:5432, or it is `embedded`,
 *   globalSetup starts an embedded PostgreSQL (TEST_POSTGRES=embedded) and points the suite at it.
 */
const net = require('node:net');
const Redis = require('ioredis');

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/storefront_test';
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379/13';

/** True when a Redis answers PING at `url` within a second. */
async function redisAnswers(url) {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 1_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/** True when something accepts a TCP connection on host:port within a second. */
function portAnswers(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (answered) => {
      socket.destroy();
      resolve(answered);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * Probes once (a second run in the same process, e.g. a second config load, keeps the first answer)
 * and records the outcome in process.env. Returns whether a shared Redis is there.
 */
async function resolveTestServers() {
  const env = process.env;
  if (env.TEST_REDIS === undefined) {
    const url = env.TEST_REDIS_URL ?? DEFAULT_REDIS_URL;
    env.TEST_REDIS = url !== 'none' && (await redisAnswers(url)) ? 'reachable' : 'absent';
  }
  if (env.TEST_POSTGRES === undefined) {
    const url = env.TEST_DATABASE_URL;
    if (url === 'embedded' || (url === undefined && !(await portAnswers('127.0.0.1', 5432)))) {
      env.TEST_POSTGRES = 'embedded';
    } else {
      env.TEST_POSTGRES = 'server';
      env.TEST_DATABASE_URL = url ?? DEFAULT_DATABASE_URL;
    }
  }
  return { redis: env.TEST_REDIS === 'reachable', embeddedPostgres: env.TEST_POSTGRES === 'embedded' };
}

module.exports = { resolveTestServers };
