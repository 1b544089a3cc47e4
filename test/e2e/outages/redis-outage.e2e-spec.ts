import { randomUUID } from 'node:crypto';
import type { Response, Test } from 'supertest';
import { KeyValueStore } from '@infra/store/key-value-store';
import { createProduct, createShop, orderBody } from '@test/support/commerce-factories';
import { placeOrder, uniqueClientIp } from '@test/support/http-clients';
import { describeIf, requirements } from '@test/support/conditions';
import { useRedisServer } from '@test/support/private-servers';
import { ProbeModule } from '@test/support/probe.module';
import { useTestApp } from '@test/support/test-app';
import { settleFor, waitFor } from '@test/support/wait';

/** The response and how long the service took to give it; a request that hangs fails the test. */
async function timed(request: Test): Promise<{ res: Response; ms: number }> {
  const started = Date.now();
  const res = await request.timeout(10_000);
  return { res, ms: Date.now() - started };
}

const UNAVAILABLE = { message: 'Service temporarily unavailable.' };
const VERIFICATION_LIMIT = 3;

describeIf(requirements.redisServer)('Redis outage (decisions §13)', () => {
  jest.setTimeout(60_000);
  let redisDown = false;
  // Runs before the hooks below stop the app: an app never closes against a Redis a failed test left dead.
  afterAll(async () => {
    if (redisDown) await redis.restart();
  });
  const redis = useRedisServer();
  const t = useTestApp(() => ({
    imports: [ProbeModule],
    logLevel: 'info',
    // Store and queues on this Redis whatever the suite's mode: the drill is about losing Redis.
    env: { REDIS_URL: redis.url, STORE_BACKEND: 'redis', QUEUE_BACKEND: 'redis', THROTTLE_VERIFICATION: `${VERIFICATION_LIMIT}/60` },
  }));

  const track = (tenantId: string) => t.http().post('/api/v1/analytics/track').send({ tenant_id: tenantId, type: 'call' });
  const ready = () => t.http().get('/health/ready');
  const limited = (ip: string) => t.http().get('/test-probe/limited').set('X-Forwarded-For', ip);
  const idempotentWork = () => t.http().post('/test-probe/work').set('Idempotency-Key', randomUUID()).send({ label: randomUUID() });

  let shop: { tenantId: string; order: () => Test };
  beforeAll(async () => {
    const { tenant, location } = await createShop(t);
    const product = await createProduct(t, tenant.id, { stock: null });
    shop = {
      tenantId: tenant.id,
      order: () => placeOrder(t, tenant.id, orderBody([{ product_id: product.id }], { location_id: location.id })),
    };
  });

  it('positive control: with Redis up, readiness 200, track 202, orders 201, keyed requests run', async () => {
    expect((await ready()).status).toBe(200);
    expect((await track(shop.tenantId)).status).toBe(202);
    expect((await shop.order()).status).toBe(201);
    expect((await idempotentWork()).status).toBe(201);
  });

  describe('with Redis SIGKILLed', () => {
    beforeAll(async () => {
      await redis.kill();
      redisDown = true;
    });

    it('readiness answers 503 within 1 s; liveness stays 200', async () => {
      const readiness = await timed(ready());
      expect(readiness.res.status).toBe(503);
      expect(readiness.ms).toBeLessThan(1_000);
      expect((await t.http().get('/health/live')).status).toBe(200);
    });

    it('analytics track answers 503 with Retry-After within 2 s, every time', async () => {
      for (let i = 0; i < 3; i++) {
        const tracked = await timed(track(shop.tenantId));
        expect({ status: tracked.res.status, body: tracked.res.body }).toEqual({ status: 503, body: UNAVAILABLE });
        expect(Number(tracked.res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        expect(tracked.ms).toBeLessThan(2_000);
      }
    });

    it('a request with an idempotency key is refused with 503 rather than run unprotected (served when the store is PostgreSQL)', async () => {
      const keyed = await timed(idempotentWork());
      if (t.get(KeyValueStore).mode === 'postgres') {
        expect(keyed.res.status).toBe(201);
        return;
      }
      expect({ status: keyed.res.status, body: keyed.res.body }).toEqual({ status: 503, body: UNAVAILABLE });
      expect(keyed.res.headers['retry-after']).toBeDefined();
      expect(keyed.ms).toBeLessThan(2_000);
    });

    it('orders (PostgreSQL only) are still placed: 201 within 2 s', async () => {
      const placed = await timed(shop.order());
      expect(placed.res.status).toBe(201);
      expect(placed.ms).toBeLessThan(2_000);
    });

    it('rate limits are still enforced, counted in memory per client', async () => {
      const ip = uniqueClientIp();
      const statuses: number[] = [];
      for (let i = 0; i <= VERIFICATION_LIMIT; i++) statuses.push((await limited(ip)).status);
      expect(statuses).toEqual([...Array<number>(VERIFICATION_LIMIT).fill(200), 429]);
      // Another client still has its own budget.
      expect((await limited(uniqueClientIp())).status).toBe(200);
    });

    it('stays unready through several failed reconnects', async () => {
      await settleFor(2_500, 'several reconnect attempts fail: still one log line per connection for the outage');
      expect((await ready()).status).toBe(503);
    });
  });

  describe('once Redis is back', () => {
    beforeAll(async () => {
      await redis.restart();
      redisDown = false;
    });

    it('track is accepted again within 2 s, readiness 200, keyed requests and orders work', async () => {
      const back = Date.now();
      await waitFor(async () => (await track(shop.tenantId).timeout(2_000)).status === 202, {
        timeoutMs: 2_000,
        intervalMs: 100,
        what: 'analytics to accept events again',
      });
      expect(Date.now() - back).toBeLessThan(2_500);
      await waitFor(async () => (await ready().timeout(2_000)).status === 200, { timeoutMs: 2_000, what: 'readiness 200' });
      expect((await idempotentWork()).status).toBe(201);
      expect((await shop.order()).status).toBe(201);
    });

    it('logged the outage as one JSON line per connection, one when it came back, and one for the rate limiter', async () => {
      const lost = t.logs.filter((line) => line.msg === 'Connection lost; retrying' && line.dependency === 'redis');
      const restored = t.logs.filter((line) => line.msg === 'Connection restored' && line.dependency === 'redis');
      const connections = (lines: Array<Record<string, unknown>>) => lines.map((line) => String(line.connection)).sort();
      expect(connections(lost)).toEqual([...new Set(connections(lost))]);
      expect(connections(lost)).toEqual(expect.arrayContaining(['commands', 'queue analytics', 'worker analytics']));
      await waitFor(() => connections(restored).length >= connections(lost).length, { what: 'every connection restored' });
      expect(connections(restored)).toEqual(connections(lost));
      // With the store on PostgreSQL, rate limiting never noticed the Redis outage.
      const rateLimiterLines = t.get(KeyValueStore).mode === 'redis' ? 1 : 0;
      expect(t.logs.filter((line) => String(line.msg).startsWith('Rate-limit store unreachable'))).toHaveLength(rateLimiterLines);
      expect(t.logs.filter((line) => String(line.msg).startsWith('Rate-limit store is back'))).toHaveLength(rateLimiterLines);
    });
  });
});
