import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { REDIS } from '@infra/redis/redis.module';
import { ProbeModule } from '@test/support/probe.module';
import { createTestApp, TestApp } from '@test/support/test-app';

// Each test speaks as its own client address (TRUST_PROXY=loopback honours X-Forwarded-For from
// 127.0.0.1), so counters never leak between tests or runs.
const clientIp = () => `10.${rand()}.${rand()}.${rand()}`;
const rand = () => Math.floor(Math.random() * 250) + 1;

describe('Rate limiting (decisions §2)', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    const env = { THROTTLE_API: '10/60', THROTTLE_VERIFICATION: '3/60' };
    a = await createTestApp({ imports: [ProbeModule], env });
    b = await createTestApp({ imports: [ProbeModule], env });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('lets exactly the limit through a burst of 100 concurrent requests', async () => {
    const ip = clientIp();
    const responses = await Promise.all(
      Array.from({ length: 100 }, () => a.http().get('/test-probe/default-group').set('X-Forwarded-For', ip)),
    );
    const statuses = responses.map((res) => res.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(90);
  });

  it('holds the limit across two app instances sharing Redis', async () => {
    const ip = clientIp();
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) => (i % 2 ? a : b).http().get('/test-probe/default-group').set('X-Forwarded-For', ip)),
    );
    expect(responses.filter((res) => res.status === 200)).toHaveLength(10);
  });

  it('sends X-RateLimit-* headers, and Retry-After with the generic message on 429', async () => {
    const ip = clientIp();
    const first = await a.http().get('/test-probe/default-group').set('X-Forwarded-For', ip);
    expect(first.headers['x-ratelimit-limit']).toBe('10');
    expect(first.headers['x-ratelimit-remaining']).toBe('9');
    expect(first.headers['retry-after']).toBeUndefined();
    for (let i = 0; i < 9; i++) await a.http().get('/test-probe/default-group').set('X-Forwarded-For', ip);
    const refused = await a.http().get('/test-probe/default-group').set('X-Forwarded-For', ip);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: 'Too Many Attempts.' });
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // No per-throttler suffixed headers.
    expect(Object.keys(refused.headers).filter((name) => /^x-ratelimit-.*-/.test(name))).toEqual([]);
  });

  it('counts a group separately from the default group', async () => {
    const ip = clientIp();
    const limited = [];
    for (let i = 0; i < 4; i++) limited.push((await a.http().get('/test-probe/limited').set('X-Forwarded-For', ip)).status);
    expect(limited).toEqual([200, 200, 200, 429]);
    const other = await a.http().get('/test-probe/default-group').set('X-Forwarded-For', ip);
    expect(other.status).toBe(200);
    expect(other.headers['x-ratelimit-limit']).toBe('10');
  });

  it('counts requests later refused by validation', async () => {
    const ip = clientIp();
    for (let i = 0; i < 10; i++) {
      const res = await a.http().post('/test-probe/validate').set('X-Forwarded-For', ip).send({});
      expect(res.status).toBe(422);
    }
    const res = await a.http().post('/test-probe/validate').set('X-Forwarded-For', ip).send({});
    expect(res.status).toBe(429);
  });

  it('never limits the health probes', async () => {
    const ip = clientIp();
    const responses = await Promise.all(Array.from({ length: 30 }, () => a.http().get('/health/live').set('X-Forwarded-For', ip)));
    expect(responses.every((res) => res.status === 200)).toBe(true);
    expect(responses[0].headers['x-ratelimit-limit']).toBeUndefined();
  });

  describe('client address', () => {
    let strict: TestApp;
    beforeAll(async () => {
      strict = await createTestApp({ imports: [ProbeModule], env: { THROTTLE_API: '2/60', TRUST_PROXY: 'false' } });
    });
    afterAll(() => strict.close());

    it('ignores X-Forwarded-For from a proxy that is not trusted', async () => {
      // Other suites also spoke from the loopback socket address: start this counter from zero.
      const redis = strict.get<Redis>(REDIS);
      const keys = await redis.keys('rl:api:ip:*127.0.0.1');
      if (keys.length) await redis.del(...keys);
      // Every request claims a new address; untrusted, they all count against the socket address.
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        statuses.push(
          (
            await strict
              .http()
              .get('/test-probe/default-group')
              .set('X-Forwarded-For', `${randomUUID().slice(0, 3)}.1.1.1`)
          ).status,
        );
      }
      expect(statuses).toEqual([200, 200, 429]);
    });
  });
});
