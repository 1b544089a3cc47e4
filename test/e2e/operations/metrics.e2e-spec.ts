import { randomUUID } from 'node:crypto';
import { BullModule, getQueueToken } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Queue, Worker } from 'bullmq';
import { redisOptionsFromUrl } from '@infra/redis/redis-connection';
import { QUEUE_SCHEMA } from '@infra/queue/queue-backend';
import { runMigrations } from '@infra/database/run-migrations';
import { describeIf, requirements } from '@test/support/conditions';
import { useStarted } from '@test/support/lifecycle';
import { usePostgresServer, useRedisServer } from '@test/support/private-servers';
import { TestApp, useTestApp, withTestApp } from '@test/support/test-app';
import { TEST_DATABASE_URL, TEST_QUEUE_BACKEND, TEST_QUEUE_PREFIX, TEST_REDIS_URL } from '@test/support/test-env';
import { waitFor } from '@test/support/wait';

const PROBE_QUEUE = 'metrics-probe';

/** A queue of the test's own, registered the way features register theirs. */
@Module({ imports: [BullModule.registerQueue({ name: PROBE_QUEUE })] })
class ProbeQueueModule {}

/** With a pool size neither the default nor the other tests' (10): the gauge is seen to follow the setting. */
const POOL_SIZE = 12;
const ENABLED = { METRICS_ENABLED: 'true', DATABASE_POOL_SIZE: String(POOL_SIZE) };

/**
 * The value of one sample of a Prometheus text exposition, or undefined. `labels` must all match
 * (other labels may be present).
 */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = Object.fromEntries([...(match[3] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [pair[1], pair[2]]));
    if (Object.entries(labels).every(([key, value]) => present[key] === value)) return Number(match[4]);
  }
  return undefined;
}

async function scrape(t: TestApp): Promise<string> {
  const res = await t.http().get('/metrics');
  expect(res.status).toBe(200);
  return res.text;
}

/** Names of the app-level Express middlewares, in order. */
function middlewareNames(app: NestExpressApplication): string[] {
  const express = app.getHttpAdapter().getInstance() as { router: { stack: Array<{ name: string }> } };
  return express.router.stack.map((layer) => layer.name);
}

describe('Metrics: GET /metrics (decisions §11)', () => {
  describe('off by default', () => {
    const t = useTestApp({ role: 'api' });

    it('answers 404 exactly as for a path that does not exist, and adds no work to requests', async () => {
      const metrics = await t.http().get('/metrics');
      const unknown = await t.http().get('/metrics-nothing-here');
      expect(metrics.status).toBe(404);
      expect(metrics.headers['content-type']).toBe(unknown.headers['content-type']);
      expect(JSON.stringify(metrics.body).replace('/metrics', '')).toBe(JSON.stringify(unknown.body).replace('/metrics-nothing-here', ''));
      // No middleware at all is installed: the request path costs what it did without metrics.
      expect(middlewareNames(t.app)).not.toEqual(expect.arrayContaining(['serveMetrics']));
      expect(middlewareNames(t.app)).not.toEqual(expect.arrayContaining(['timeRequest']));
    });
  });

  describe('enabled', () => {
    const t = useTestApp({ role: 'api', env: ENABLED, imports: [ProbeQueueModule] });

    it('serves Prometheus text from a loopback address; with the request timing middleware installed', async () => {
      const res = await t.http().get('/metrics');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.text).toMatch(/^# HELP storefront_http_request_duration_seconds /m);
      expect(middlewareNames(t.app)).toEqual(expect.arrayContaining(['serveMetrics', 'timeRequest']));
    });

    it('answers 404 (as for an unknown path) to a client outside METRICS_ALLOW; the same request from loopback is served', async () => {
      // TRUST_PROXY=loopback in tests: the forwarded address is the client's, as behind a proxy.
      const outsider = await t.http().get('/metrics').set('X-Forwarded-For', '203.0.113.9');
      const unknown = await t.http().get('/metrics-nothing-here').set('X-Forwarded-For', '203.0.113.9');
      expect(outsider.status).toBe(404);
      expect(outsider.text).not.toMatch(/storefront_/);
      expect(JSON.stringify(outsider.body).replace('/metrics', '')).toBe(JSON.stringify(unknown.body).replace('/metrics-nothing-here', ''));
      const insider = await t.http().get('/metrics').set('X-Forwarded-For', '127.0.0.1');
      expect(insider.status).toBe(200);
    });

    it('times requests by route template and status, never by raw URL; unknown paths share one label', async () => {
      const before = await scrape(t);
      const order = (id: string) => t.http().get(`/api/v1/orders/${id}`);
      expect((await order('918273')).status).toBe(401);
      expect((await order('564738')).status).toBe(401);
      const stray = `/no-such-page/${randomUUID()}`;
      expect((await t.http().get(stray)).status).toBe(404);
      for (let i = 0; i < 3; i++) expect((await t.http().get('/health/live')).status).toBe(200);

      const after = await scrape(t);
      const count = (text: string, labels: Record<string, string>) =>
        sample(text, 'storefront_http_request_duration_seconds_count', labels) ?? 0;
      const orderLabels = { method: 'GET', route: '/api/v1/orders/:order', status_code: '401' };
      expect(count(after, orderLabels) - count(before, orderLabels)).toBe(2);
      const liveLabels = { method: 'GET', route: '/health/live', status_code: '200' };
      expect(count(after, liveLabels) - count(before, liveLabels)).toBe(3);
      const strayLabels = { method: 'GET', route: 'unmatched', status_code: '404' };
      expect(count(after, strayLabels) - count(before, strayLabels)).toBe(1);
      expect(after).not.toMatch(/918273|564738/);
      expect(after).not.toContain(stray);
      expect(sample(after, 'storefront_http_request_duration_seconds_bucket', { ...liveLabels, le: '+Inf' })).toBe(
        count(after, liveLabels),
      );
    });

    it('reports waiting, active, delayed and failed jobs of every queue, including those only workers consume', async () => {
      const queue = t.get<Queue>(getQueueToken(PROBE_QUEUE));
      const delayed = await queue.add('later', {}, { delay: 60_000 });
      const waiting = await queue.add('now', {}, { attempts: 1 });
      // One job fails for good: a worker of the test's own takes it.
      const worker = new Worker(
        PROBE_QUEUE,
        () => {
          throw new Error('probe failure');
        },
        {
          // The backend the app's queues are on (BullMQ's default backend is the last app's).
          connection:
            TEST_QUEUE_BACKEND === 'postgres'
              ? { connectionString: TEST_DATABASE_URL, schema: QUEUE_SCHEMA, skipMigrations: true }
              : { ...redisOptionsFromUrl(TEST_REDIS_URL), maxRetriesPerRequest: null },
          prefix: TEST_QUEUE_PREFIX,
          autorun: false,
        },
      );
      const failedOnce = new Promise((resolve) => worker.once('failed', resolve));
      void worker.run();
      await failedOnce;
      await worker.close();
      try {
        const text = await scrape(t);
        expect(sample(text, 'storefront_queue_jobs', { queue: PROBE_QUEUE, state: 'delayed' })).toBe(1);
        expect(sample(text, 'storefront_queue_jobs', { queue: PROBE_QUEUE, state: 'waiting' })).toBe(0);
        expect(sample(text, 'storefront_queue_jobs', { queue: PROBE_QUEUE, state: 'active' })).toBe(0);
        expect(sample(text, 'storefront_queue_failed_jobs', { queue: PROBE_QUEUE })).toBe(1);
        // An api process registers no outbox queue; its depth is reported anyway.
        for (const name of ['outbox', 'messages', 'analytics']) {
          expect(sample(text, 'storefront_queue_jobs', { queue: name, state: 'waiting' })).toEqual(expect.any(Number));
          expect(sample(text, 'storefront_queue_failed_jobs', { queue: name })).toEqual(expect.any(Number));
        }
        expect(sample(text, 'storefront_scrape_source_up', { source: 'queues' })).toBe(1);
      } finally {
        await queue.obliterate({ force: true });
        void [delayed, waiting];
      }
    });

    it('reports the outbox backlog: pending events and the age of the oldest', async () => {
      // Not due for a day: no relay picks it up meanwhile.
      const [row] = await t.db.query<Array<{ id: string }>>(
        `INSERT INTO outbox_events (event_type, payload, occurred_at, created_at, available_at)
         VALUES ('MetricsProbe', '{}', now(), now() - interval '1 hour', now() + interval '1 day') RETURNING id`,
      );
      try {
        const text = await scrape(t);
        expect(sample(text, 'storefront_outbox_pending_events')).toBeGreaterThanOrEqual(1);
        expect(sample(text, 'storefront_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(3600);
        expect(sample(text, 'storefront_scrape_source_up', { source: 'outbox' })).toBe(1);
      } finally {
        await t.db.query('DELETE FROM outbox_events WHERE id = $1', [row.id]);
      }
    });

    it('reports the database pool and the process', async () => {
      const text = await scrape(t);
      expect(sample(text, 'storefront_db_pool_max_connections')).toBe(POOL_SIZE);
      expect(sample(text, 'storefront_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'storefront_db_pool_connections', { state: 'idle' })).toEqual(expect.any(Number));
      expect(sample(text, 'storefront_db_pool_waiting_requests')).toBe(0);
      expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
      expect(sample(text, 'nodejs_eventloop_lag_seconds')).toEqual(expect.any(Number));
      expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    });
  });

  it('METRICS_ALLOW names the scrapers: a listed network is served, loopback no longer is', async () => {
    await withTestApp({ role: 'api', env: { ...ENABLED, METRICS_ALLOW: '203.0.113.0/24, 2001:db8::/32' } }, async (t) => {
      expect((await t.http().get('/metrics').set('X-Forwarded-For', '203.0.113.77')).status).toBe(200);
      expect((await t.http().get('/metrics').set('X-Forwarded-For', '2001:db8::5')).status).toBe(200);
      expect((await t.http().get('/metrics').set('X-Forwarded-For', '203.0.114.1')).status).toBe(404);
      expect((await t.http().get('/metrics')).status).toBe(404);
    });
  });

  it('is not rate limited, like the probes; an API route with the same budget is', async () => {
    await withTestApp({ role: 'api', env: { ...ENABLED, THROTTLE_API: '2/60' } }, async (t) => {
      const scrapes = await Promise.all(Array.from({ length: 6 }, () => t.http().get('/metrics')));
      expect(scrapes.map((res) => res.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(scrapes.every((res) => res.headers['x-ratelimit-limit'] === undefined)).toBe(true);
      const api = [];
      for (let i = 0; i < 3; i++) api.push((await t.http().get('/api/v1/coupons')).status);
      expect(api[2]).toBe(429);
    });
  });

  describeIf(requirements.postgresBinaries)('while PostgreSQL is down (decisions §15)', () => {
    jest.setTimeout(60_000);
    let postgresDown = false;
    // Runs before the hooks below stop the app: an app never closes against a server a failed test left stopped.
    afterAll(async () => {
      if (postgresDown) await postgres.restart();
    });
    const postgres = usePostgresServer();
    // The schema, before the app starts on it.
    useStarted(async () => ({ applied: await runMigrations(postgres.url) }));
    const t = useTestApp(() => ({
      role: 'api',
      env: { ...ENABLED, DATABASE_URL: postgres.url, QUEUE_PREFIX: `metrics-pg-${randomUUID().slice(0, 8)}` },
    }));
    const OUTBOX_GAUGES = ['storefront_outbox_pending_events', 'storefront_outbox_oldest_pending_age_seconds'];
    // With queues on PostgreSQL, their counts are read there too.
    const queuesOnPostgres = TEST_QUEUE_BACKEND === 'postgres';

    it('the outbox gauges (and queue gauges on PostgreSQL) are absent while it cannot be read, never 0; present again once it is back', async () => {
      const before = await scrape(t);
      expect(sample(before, 'storefront_scrape_source_up', { source: 'outbox' })).toBe(1);
      for (const name of OUTBOX_GAUGES) expect({ name, value: sample(before, name) }).toEqual({ name, value: expect.any(Number) });

      await postgres.stopImmediately();
      postgresDown = true;
      const startedAt = Date.now();
      const res = await t.http().get('/metrics').timeout(5_000);
      expect(Date.now() - startedAt).toBeLessThan(2_000);
      expect(res.status).toBe(200);
      const during = res.text;
      expect(sample(during, 'storefront_scrape_source_up', { source: 'outbox' })).toBe(0);
      // An alert on "oldest pending > 300 s" sees no data (absent), not a healthy 0.
      for (const name of OUTBOX_GAUGES) expect({ name, value: sample(during, name) }).toEqual({ name, value: undefined });
      expect(sample(during, 'storefront_scrape_source_up', { source: 'queues' })).toBe(queuesOnPostgres ? 0 : 1);
      expect(sample(during, 'storefront_queue_jobs', { queue: 'outbox', state: 'waiting' })).toEqual(
        queuesOnPostgres ? undefined : expect.any(Number),
      );
      // The pool's own figures live in this process's memory: still read, so still reported.
      expect(sample(during, 'storefront_db_pool_max_connections')).toBe(POOL_SIZE);
      expect(sample(during, 'storefront_db_pool_connections', { state: 'total' })).toEqual(expect.any(Number));

      await postgres.restart();
      postgresDown = false;
      const after = await waitFor(
        async () => {
          const text = await scrape(t);
          return sample(text, 'storefront_scrape_source_up', { source: 'outbox' }) === 1 && text;
        },
        { timeoutMs: 5_000, what: 'outbox metrics after PostgreSQL is back' },
      );
      for (const name of OUTBOX_GAUGES) expect({ name, value: sample(after, name) }).toEqual({ name, value: expect.any(Number) });
    });
  });

  describeIf(requirements.redisServer)('while Redis hangs', () => {
    const redis = useRedisServer();
    const t = useTestApp(() => ({ role: 'api', env: { ...ENABLED, REDIS_URL: redis.url, QUEUE_BACKEND: 'redis' } }));

    it('a scrape still answers within 2 s, saying the queues could not be read; they are back once Redis is', async () => {
      expect(sample(await scrape(t), 'storefront_scrape_source_up', { source: 'queues' })).toBe(1);
      redis.pause();
      try {
        for (let i = 0; i < 2; i++) {
          const startedAt = Date.now();
          const res = await t.http().get('/metrics').timeout(5_000);
          expect(Date.now() - startedAt).toBeLessThan(2_000);
          expect(res.status).toBe(200);
          expect(sample(res.text, 'storefront_scrape_source_up', { source: 'queues' })).toBe(0);
          expect(sample(res.text, 'storefront_queue_jobs', { queue: 'outbox', state: 'waiting' })).toBeUndefined();
          expect(sample(res.text, 'storefront_scrape_source_up', { source: 'outbox' })).toBe(1);
        }
      } finally {
        redis.resume();
      }
      await waitFor(async () => sample(await scrape(t), 'storefront_scrape_source_up', { source: 'queues' }) === 1, {
        timeoutMs: 5_000,
        what: 'queue metrics after Redis answers again',
      });
    });
  });
});
