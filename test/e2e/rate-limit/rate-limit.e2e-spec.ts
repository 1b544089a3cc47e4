import { randomUUID } from 'node:crypto';
import { authHeader, createUser } from '@test/support/factories';
import { rateLimitOf, statusesOf, uniqueClientIp } from '@test/support/http-clients';
import { ProbeModule } from '@test/support/probe.module';
import { deleteStoreKeys, storeKeys } from '@test/support/store-keys';
import { useTestApp } from '@test/support/test-app';

// Each test speaks as its own client address (TRUST_PROXY=loopback honours X-Forwarded-For from
// 127.0.0.1), so counters never leak between tests or runs.

/** The limits of these apps: a route's X-RateLimit-Limit says which of the two groups counted it. */
const API = 10;
const VERIFICATION = 3;

describe('Rate limiting (decisions §2)', () => {
  const env = { THROTTLE_API: `${API}/60`, THROTTLE_VERIFICATION: `${VERIFICATION}/60` };
  const a = useTestApp({ imports: [ProbeModule], env });
  const b = useTestApp({ imports: [ProbeModule], env });

  /** A route with no annotation: the api group. */
  const apiRoute = (ip: string, app = a) => app.http().get('/test-probe/default-group').set('X-Forwarded-For', ip);
  /** A route annotated @RateLimit('api.verification'). */
  const verificationRoute = (ip: string) => a.http().get('/test-probe/limited').set('X-Forwarded-For', ip);

  it('lets exactly the limit through a burst of 100 concurrent requests', async () => {
    const ip = uniqueClientIp();
    const responses = await Promise.all(Array.from({ length: 100 }, () => apiRoute(ip)));
    const statuses = responses.map((res) => res.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(API);
    expect(statuses.filter((status) => status === 429)).toHaveLength(100 - API);
  });

  it('holds the limit across two app instances sharing the store', async () => {
    const ip = uniqueClientIp();
    const responses = await Promise.all(Array.from({ length: 100 }, (_, i) => apiRoute(ip, i % 2 ? a : b)));
    expect(responses.filter((res) => res.status === 200)).toHaveLength(API);
  });

  it("sends the counting group's X-RateLimit-* headers, and Retry-After with the generic message on 429", async () => {
    const ip = uniqueClientIp();
    const first = await apiRoute(ip);
    expect(rateLimitOf(first)).toEqual({ limit: API, remaining: API - 1 });
    expect(first.headers['retry-after']).toBeUndefined();
    const remaining: number[] = [];
    for (let i = 0; i < API - 1; i++) remaining.push(rateLimitOf(await apiRoute(ip)).remaining);
    // One less per request, down to nothing.
    expect(remaining).toEqual(Array.from({ length: API - 1 }, (_, i) => API - 2 - i));
    const refused = await apiRoute(ip);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: 'Too Many Attempts.' });
    expect(rateLimitOf(refused)).toEqual({ limit: API, remaining: 0 });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // No per-throttler suffixed headers.
    expect(Object.keys(refused.headers).filter((name) => /^x-ratelimit-.*-/.test(name))).toEqual([]);
  });

  it('counts a group separately from the default group, in both directions', async () => {
    const ip = uniqueClientIp();
    const limited = [];
    for (let i = 0; i <= VERIFICATION; i++) limited.push(await verificationRoute(ip));
    expect(limited.map((res) => [res.status, rateLimitOf(res)])).toEqual([
      [200, { limit: VERIFICATION, remaining: 2 }],
      [200, { limit: VERIFICATION, remaining: 1 }],
      [200, { limit: VERIFICATION, remaining: 0 }],
      [429, { limit: VERIFICATION, remaining: 0 }],
    ]);
    // The api budget of the same address is untouched by them ...
    const other = await apiRoute(ip);
    expect(other.status).toBe(200);
    expect(rateLimitOf(other)).toEqual({ limit: API, remaining: API - 1 });
    // ... and spending it leaves the verification counter where it was.
    const apiIp = uniqueClientIp();
    expect(await statusesOf(API + 1, () => apiRoute(apiIp))).toEqual([...Array(API).fill(200), 429]);
    const verification = await verificationRoute(apiIp);
    expect(verification.status).toBe(200);
    expect(rateLimitOf(verification)).toEqual({ limit: VERIFICATION, remaining: VERIFICATION - 1 });
  });

  it('counts requests later refused by validation', async () => {
    const ip = uniqueClientIp();
    const validate = () => a.http().post('/test-probe/validate').set('X-Forwarded-For', ip).send({});
    expect(await statusesOf(API + 1, validate)).toEqual([...Array(API).fill(422), 429]);
  });

  it('never limits the health probes', async () => {
    const ip = uniqueClientIp();
    const responses = await Promise.all(Array.from({ length: 3 * API }, () => a.http().get('/health/live').set('X-Forwarded-For', ip)));
    expect(responses.map((res) => res.status)).toEqual(Array(3 * API).fill(200));
    expect(responses.map((res) => res.headers['x-ratelimit-limit'])).toEqual(Array(3 * API).fill(undefined));
  });

  describe('client address', () => {
    const strict = useTestApp({ imports: [ProbeModule], env: { THROTTLE_API: '2/60', TRUST_PROXY: 'false' } });

    it('ignores X-Forwarded-For from a proxy that is not trusted', async () => {
      // Other suites also spoke from the loopback socket address: start this counter from zero.
      await deleteStoreKeys(strict, await storeKeys(strict, 'rl:api:ip:*127.0.0.1'));
      // Every request claims a new address; untrusted, they all count against the socket address.
      const send = () =>
        strict
          .http()
          .get('/test-probe/default-group')
          .set('X-Forwarded-For', `${randomUUID().slice(0, 3)}.1.1.1`);
      expect(await statusesOf(3, send)).toEqual([200, 200, 429]);
    });
  });

  describe('shops per client network and day (REGISTER_SHOPS_PER_IP_PER_DAY)', () => {
    const SHOPS = 5;
    const shops = useTestApp({ env: { REGISTER_SHOPS_PER_IP_PER_DAY: String(SHOPS) } });
    const registration = (ip: string, tenantName?: string) => {
      const email = `shop-${randomUUID()}@example.test`;
      return shops
        .http()
        .post('/api/v1/register')
        .set('X-Forwarded-For', ip)
        .send({ name: 'Rosa', email, password: 'bread1234', password_confirmation: 'bread1234', tenant_name: tenantName });
    };
    const onboarding = async (ip: string) => {
      const { token } = await createUser(shops);
      return shops
        .http()
        .post('/api/v1/tenants')
        .set(authHeader(token))
        .set('X-Forwarded-For', ip)
        .send({ name: `Shop ${randomUUID()}` });
    };
    const shopsNamed = async (prefix: string) =>
      Number((await shops.db.query('SELECT count(*) AS n FROM tenants WHERE name LIKE $1', [`${prefix}%`]))[0].n);

    it(`of 20 concurrent registrations with a shop from one address exactly ${SHOPS} create one; the rest 429 with Retry-After`, async () => {
      const ip = uniqueClientIp();
      const prefix = `Burst ${randomUUID()}`;
      const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => registration(ip, `${prefix} ${i}`)));
      const statuses = responses.map((res) => res.status);
      // Any other answer with its body, to say why.
      expect(responses.filter((res) => res.status !== 201 && res.status !== 429).map((res) => [res.status, res.body])).toEqual([]);
      expect(statuses.filter((status) => status === 201)).toHaveLength(SHOPS);
      expect(statuses.filter((status) => status === 429)).toHaveLength(20 - SHOPS);
      expect(await shopsNamed(prefix)).toBe(SHOPS);

      const refused = responses.find((res) => res.status === 429)!;
      expect(refused.body).toEqual({ message: 'Too many shops were registered from this network today. Please try again in 24 hours.' });
      expect(rateLimitOf(refused)).toEqual({ limit: SHOPS, remaining: 0 });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(23 * 3600);
      expect(retryAfter).toBeLessThanOrEqual(24 * 3600);

      // An account without a shop is not counted, and another address has its own five.
      expect((await registration(ip)).status).toBe(201);
      expect((await registration(ip, '   ')).status).toBe(201);
      expect((await registration(uniqueClientIp(), `${prefix} elsewhere`)).status).toBe(201);
    });

    it('onboarding (POST /api/v1/tenants) shares the count with registration', async () => {
      const ip = uniqueClientIp();
      const prefix = `Mixed ${randomUUID()}`;
      for (let i = 0; i < 3; i++) expect((await registration(ip, `${prefix} ${i}`)).status).toBe(201);
      const onboarded = await Promise.all(Array.from({ length: 6 }, () => onboarding(ip)));
      expect(onboarded.map((res) => res.status).sort()).toEqual([201, 201, 429, 429, 429, 429]);
      expect((await registration(ip, `${prefix} late`)).status).toBe(429);
      expect(await shopsNamed(prefix)).toBe(3);
    });
  });
});
