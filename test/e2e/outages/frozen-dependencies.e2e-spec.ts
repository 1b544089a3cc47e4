import { randomUUID } from 'node:crypto';
import type { Response, Test } from 'supertest';
import { createProduct, createShop, orderBody } from '@test/support/commerce-factories';
import { describeIf, requirements } from '@test/support/conditions';
import { authHeader } from '@test/support/factories';
import { useFreezableProxy } from '@test/support/freezable-proxy';
import { placeOrder, trackEvent, uniqueClientIp } from '@test/support/http-clients';
import { useTestApp } from '@test/support/test-app';
import { OUTAGE_BOUNDS, TEST_DATABASE_URL, TEST_QUEUE_PREFIX, TEST_REDIS_URL } from '@test/support/test-env';
import { waitFor } from '@test/support/wait';

/**
 * A dependency that accepts connections but does not answer (paused, overloaded, a network
 * blackhole), through a TCP proxy that stops forwarding bytes (docs/operations.md, "When PostgreSQL
 * or Redis goes away"). The client timeout is generous on purpose: what is asserted is that an
 * answer arrives, and which; the service's own limits make it about 2-3 s.
 */
const CLIENT_TIMEOUT_MS = 10_000;
const UNAVAILABLE = { message: 'Service temporarily unavailable.' };

async function answer(request: Test): Promise<Response> {
  return request.timeout(CLIENT_TIMEOUT_MS);
}

function expectUnavailable(res: Response, what: string): void {
  expect({ what, status: res.status, body: res.body as unknown }).toEqual({ what, status: 503, body: UNAVAILABLE });
  expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
}

// In both modes: in PostgreSQL-only mode the store (on the app's pool) and the queues (on a pool of
// their own) meet the frozen server too, and both pools drop a frozen server's statements.
describe('a frozen PostgreSQL (connections accepted, nothing answered)', () => {
  jest.setTimeout(90_000);
  const proxy = useFreezableProxy(() => TEST_DATABASE_URL);
  // Thawed after each test, even one that failed while frozen: the app then closes normally.
  afterEach(() => proxy.thaw());
  const t = useTestApp(() => ({
    role: 'api',
    env: {
      ...OUTAGE_BOUNDS,
      DATABASE_URL: proxy.url,
      QUEUE_PREFIX: `${TEST_QUEUE_PREFIX}-pgfreeze-${randomUUID().slice(0, 8)}`,
      // Every request meets the frozen server itself (no token verified from the cache).
      AUTH_TOKEN_CACHE_MS: '0',
    },
  }));

  it('requests and readiness answer 503 with Retry-After instead of hanging, more of them than the pool has connections; served again once it answers', async () => {
    const { tenant, location, token } = await createShop(t);
    const product = await createProduct(t, tenant.id, { stock: 1_000 });
    const order = () => placeOrder(t, tenant.id, orderBody([{ product_id: product.id }], { location_id: location.id }));
    const list = () => t.http().get('/api/v1/orders').set(authHeader(token));
    const hold = () =>
      t
        .http()
        .post('/api/v1/checkout/hold-inventory')
        .set('X-Tenant-ID', tenant.id)
        .set('X-Forwarded-For', uniqueClientIp())
        .send({ session_id: `session-${randomUUID()}`, items: [{ product_id: product.id, quantity: 1 }] });
    // Positive controls.
    expect((await answer(order())).status).toBe(201);
    expect((await answer(list())).status).toBe(200);
    expect((await answer(hold())).status).toBe(200);
    expect((await answer(t.http().get('/health/ready'))).status).toBe(200);

    proxy.freeze();
    // More requests at once than the pool (10) has connections: the later ones wait for one.
    const sent: Array<[string, () => Test]> = [
      ...Array.from({ length: 6 }, () => ['order', order] as [string, () => Test]),
      ...Array.from({ length: 6 }, () => ['list', list] as [string, () => Test]),
      ['hold', hold],
      ['hold', hold],
    ];
    const answers = await Promise.all(sent.map(async ([what, send]) => ({ what, res: await answer(send()) })));
    for (const { what, res } of answers) expectUnavailable(res, what);
    expect((await answer(t.http().get('/health/ready'))).status).toBe(503);
    expect((await answer(t.http().get('/health/live'))).status).toBe(200);
    // Still frozen: a request that starts now is answered too, not only those that met the freeze.
    expectUnavailable(await answer(order()), 'order while still frozen');

    proxy.thaw();
    await waitFor(async () => (await answer(order())).status === 201, { what: 'orders placed again after the thaw' });
    expect((await answer(list())).status).toBe(200);
    await waitFor(async () => (await answer(t.http().get('/health/ready'))).status === 200, { what: 'readiness 200 again' });
  });
});

describeIf(requirements.sharedRedis)('a frozen Redis (connections accepted, nothing answered)', () => {
  jest.setTimeout(90_000);
  const proxy = useFreezableProxy(() => TEST_REDIS_URL);
  afterEach(() => proxy.thaw());
  const t = useTestApp(() => ({
    role: 'api',
    env: {
      ...OUTAGE_BOUNDS,
      REDIS_URL: proxy.url,
      STORE_BACKEND: 'redis',
      QUEUE_BACKEND: 'redis',
      QUEUE_PREFIX: `${TEST_QUEUE_PREFIX}-redisfreeze-${randomUUID().slice(0, 8)}`,
    },
  }));

  it('analytics track and readiness answer 503 with Retry-After instead of hanging; track accepted again once it answers', async () => {
    const { tenant } = await createShop(t);
    expect((await answer(trackEvent(t, tenant.id))).status).toBe(202);

    proxy.freeze();
    const tracked = await Promise.all(Array.from({ length: 4 }, () => answer(trackEvent(t, tenant.id))));
    tracked.forEach((res, index) => expectUnavailable(res, `track ${index}`));
    expect((await answer(t.http().get('/health/ready'))).status).toBe(503);

    proxy.thaw();
    await waitFor(async () => (await answer(trackEvent(t, tenant.id))).status === 202, { what: 'track accepted again after the thaw' });
    await waitFor(async () => (await answer(t.http().get('/health/ready'))).status === 200, { what: 'readiness 200 again' });
  });
});
