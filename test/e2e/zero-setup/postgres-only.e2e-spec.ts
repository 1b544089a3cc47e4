import { randomUUID } from 'node:crypto';
import { REDIS } from '@infra/redis/redis.module';
import { KeyValueStore } from '@infra/store/key-value-store';
import { type ChildRun, startMain } from '@test/support/cli';
import { createProduct, createShop, orderBody, stockOf } from '@test/support/commerce-factories';
import { placeOrder, trackEvent, uniqueClientIp } from '@test/support/http-clients';
import { ProbeModule, probeRuns } from '@test/support/probe.module';
import { eventsOf, handshake, useRealtimeClients } from '@test/support/socket-clients';
import { createTestApp, useTestApp } from '@test/support/test-app';
import { waitFor } from '@test/support/wait';

/**
 * PostgreSQL-only mode (decisions §14): no REDIS_URL, so the store, the queues and Socket.IO's
 * fan-out all run on PostgreSQL. Two app instances share one database, as two processes would:
 * `one` serves HTTP only, `two` serves HTTP and runs the workers.
 */
const POSTGRES_ONLY = { REDIS_URL: '', STORE_BACKEND: '', QUEUE_BACKEND: '', THROTTLE_API: '10/60', METRICS_ENABLED: 'true' };

describe('PostgreSQL-only mode: two processes on one PostgreSQL, no Redis', () => {
  const one = useTestApp({ role: 'api', env: POSTGRES_ONLY, imports: [ProbeModule] });
  const two = useTestApp({ role: 'all', env: POSTGRES_ONLY, imports: [ProbeModule] });
  const clients = useRealtimeClients();
  const both = (i: number) => (i % 2 ? one : two);

  it('runs without Redis and says so on /health', async () => {
    // The report is cached in the store: one of an earlier app of the suite (Redis mode) may be there.
    await one.get(KeyValueStore).delete('health:last-report');
    for (const app of [one, two]) {
      // No Redis connection is opened at all.
      expect(app.get(REDIS)).toBeNull();
      const health = await app.http().get('/health');
      expect(health.status).toBe(200);
      expect(health.body).toMatchObject({
        mode: 'postgres-only',
        backends: { store: 'postgres', queues: 'postgres', realtime: 'postgres' },
      });
      expect(health.body.checkResults.map((check: { name: string }) => check.name)).toEqual(['Database', 'UsedDiskSpace', 'Cache']);
      const ready = await app.http().get('/health/ready');
      expect(ready.status).toBe(200);
      expect(ready.body.details).toEqual({
        database: { status: 'up' },
        store: { status: 'up', backend: 'postgres' },
        queues: { status: 'up' },
      });
    }
  });

  it('reports queue depths in /metrics from the PostgreSQL queues', async () => {
    const res = await one.http().get('/metrics');
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/^storefront_scrape_source_up\{source="queues"\} 1$/m);
    expect(res.text).toMatch(/^storefront_queue_jobs\{queue="outbox",state="waiting"\} \d+$/m);
  });

  it('rate limit: exactly L of N requests pass across both processes', async () => {
    const ip = uniqueClientIp();
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => both(i).http().get('/test-probe/default-group').set('X-Forwarded-For', ip)),
    );
    expect(responses.filter((res) => res.status === 200)).toHaveLength(10);
    expect(responses.filter((res) => res.status === 429)).toHaveLength(50);
  });

  it('idempotency: 20 concurrent identical requests over both processes run the handler once', async () => {
    const [label, key] = [randomUUID(), randomUUID()];
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        both(i)
          .http()
          .post('/test-probe/work')
          .set('Idempotency-Key', key)
          .set('X-Forwarded-For', uniqueClientIp())
          .send({ label, delay_ms: 300 }),
      ),
    );
    expect(probeRuns.get(label)).toBe(1);
    expect(responses.filter((res) => res.status === 201).length).toBeGreaterThanOrEqual(1);
    expect(responses.every((res) => res.status === 201 || res.status === 409)).toBe(true);
  });

  it('no oversell: 8 concurrent orders over both processes on a stock of 5 take exactly 5', async () => {
    const shop = await createShop(one);
    const product = await createProduct(one, shop.tenant.id, { stock: 5 });
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => placeOrder(both(i), shop.tenant.id, orderBody([{ product_id: product.id }]))),
    );
    expect(responses.filter((res) => res.status === 201)).toHaveLength(5);
    expect(responses.filter((res) => res.status === 422)).toHaveLength(3);
    expect(await stockOf(one, product.id)).toBe(0);
  });

  it('accepted = stored: every tracked event accepted by either process is stored, once', async () => {
    const shop = await createShop(one);
    const responses = await Promise.all(Array.from({ length: 40 }, (_, i) => trackEvent(both(i), shop.tenant.id, { i })));
    const accepted = responses.filter((res) => res.status === 202).length;
    expect(accepted).toBe(40);
    const stored = async () =>
      Number((await one.db.query('SELECT count(*)::int AS n FROM analytics_events WHERE tenant_id = $1', [shop.tenant.id]))[0].n);
    await waitFor(async () => (await stored()) >= accepted, { timeoutMs: 20_000, what: 'every accepted event stored' });
    expect(await stored()).toBe(accepted);
  });

  it('a socket client on one process gets the notification of an order handled by the other', async () => {
    const shop = await createShop(one);
    const product = await createProduct(one, shop.tenant.id, { price: '120.50' });
    const owner = clients.connect(one.baseUrl, { auth: { token: shop.token } });
    expect(await handshake(owner)).toEqual({ connected: true });
    // `one` runs no workers: the outbox relay, the consumer and the broadcast run in `two`, whose
    // event reaches `one`'s clients through PostgreSQL's NOTIFY.
    const res = await placeOrder(two, shop.tenant.id, orderBody([{ product_id: product.id, quantity: 2 }]));
    expect(res.status).toBe(201);
    const order = res.body.data as { id: number; order_number: string; total: number };
    expect(await eventsOf(owner, 'order.created', 1, 15_000)).toEqual([
      { order_id: order.id, order_number: order.order_number, customer_name: 'Ana López', total: order.total, currency: 'HNL' },
    ]);
  });
});

describe('PostgreSQL-only mode: an api instance and a separate worker process, no Redis', () => {
  const api = useTestApp({ role: 'api', env: POSTGRES_ONLY });
  const clients = useRealtimeClients();
  let worker: ChildRun | undefined;

  afterAll(async () => {
    worker?.child.kill('SIGTERM');
    await worker?.exited;
  });

  it('a client of the api process gets order.created sent by the worker process through PostgreSQL', async () => {
    worker = await startMain({ APP_ROLE: 'worker', REDIS_URL: '', STORE_BACKEND: '', QUEUE_BACKEND: '' }, 'Worker started');
    const shop = await createShop(api);
    const product = await createProduct(api, shop.tenant.id, { price: '120.50' });
    const owner = clients.connect(api.baseUrl, { auth: { token: shop.token } });
    expect(await handshake(owner)).toEqual({ connected: true });
    const res = await placeOrder(api, shop.tenant.id, orderBody([{ product_id: product.id, quantity: 2 }]));
    expect(res.status).toBe(201);
    const order = res.body.data as { id: number; order_number: string; total: number };
    expect(await eventsOf(owner, 'order.created', 1, 20_000)).toEqual([
      { order_id: order.id, order_number: order.order_number, customer_name: 'Ana López', total: order.total, currency: 'HNL' },
    ]);
  }, 90_000);
});

describe('PostgreSQL-only mode: closing', () => {
  it('an app closed as soon as it has started closes, its Socket.IO LISTEN connection still opening', async () => {
    for (let i = 0; i < 5; i++) {
      const app = await createTestApp({ role: 'api', env: POSTGRES_ONLY });
      const closed = app.close().then(() => 'closed');
      const late = new Promise((resolve) => setTimeout(() => resolve('still closing after 10 s'), 10_000).unref());
      expect(await Promise.race([closed, late])).toBe('closed');
    }
  }, 90_000);
});
