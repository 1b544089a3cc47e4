import { randomUUID } from 'node:crypto';
import type { Response, Test } from 'supertest';
import { KeyValueStore } from '@infra/store/key-value-store';
import { createProduct, createShop, orderBody, stockOf } from '@test/support/commerce-factories';
import { describeIf, requirements } from '@test/support/conditions';
import { useFreezableProxy } from '@test/support/freezable-proxy';
import { placeOrder } from '@test/support/http-clients';
import { storeKeys, storeValues } from '@test/support/store-keys';
import { useTestApp } from '@test/support/test-app';
import { waitFor } from '@test/support/wait';
import { TEST_QUEUE_PREFIX, TEST_REDIS_URL } from '@test/support/test-env';

/**
 * Keyed orders with Redis frozen behind a TCP proxy that stops forwarding bytes (or only Redis's
 * replies): the order's Idempotency-Key is kept with the order in PostgreSQL, which alone decides
 * one order per key (docs/operations.md, "Orders without Redis"). The generous client timeout only
 * makes a hung request fail the test; the service answers within about 3 s.
 */
const CLIENT_TIMEOUT_MS = 10_000;

async function answer(request: Test): Promise<Response> {
  return request.timeout(CLIENT_TIMEOUT_MS);
}

describeIf(requirements.sharedRedis)('keyed orders with Redis frozen', () => {
  jest.setTimeout(90_000);
  const proxy = useFreezableProxy(() => TEST_REDIS_URL);
  afterEach(() => proxy.thaw());
  const t = useTestApp(() => ({
    role: 'api',
    env: {
      REDIS_URL: proxy.url,
      STORE_BACKEND: 'redis',
      QUEUE_BACKEND: 'redis',
      QUEUE_PREFIX: `${TEST_QUEUE_PREFIX}-orders-noredis-${randomUUID().slice(0, 8)}`,
    },
  }));

  const ordersOf = async (tenantId: string): Promise<number[]> =>
    (await t.db.query('SELECT id FROM orders WHERE tenant_id = $1 ORDER BY id', [tenantId])).map((row: { id: number }) => row.id);

  async function shop() {
    const { tenant, location } = await createShop(t);
    const product = await createProduct(t, tenant.id, { stock: 10, price: '25.00' });
    const body = orderBody([{ product_id: product.id, quantity: 2 }], { location_id: location.id });
    return { tenant, product, order: (key: string) => answer(placeOrder(t, tenant.id, body, { 'Idempotency-Key': key })) };
  }

  it('with Redis frozen, a keyed order is placed (201) and its retries replay it exactly: one order, stock taken once', async () => {
    const { tenant, product, order } = await shop();
    const key = randomUUID();
    proxy.freeze();
    const placed = await order(key);
    expect(placed.status).toBe(201);
    expect(placed.headers['idempotent-replayed']).toBeUndefined();
    const retries = await Promise.all([order(key), order(key), order(key)]);
    for (const retry of retries) {
      expect(retry.status).toBe(201);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.headers.location).toBe(`/api/v1/orders/${placed.body.data.id}`);
      expect(retry.text).toBe(placed.text);
    }
    proxy.thaw();
    // After the thaw too.
    const after = await order(key);
    expect(after.status).toBe(201);
    expect(after.text).toBe(placed.text);
    expect(await ordersOf(tenant.id)).toEqual([placed.body.data.id]);
    expect(await stockOf(t, product.id)).toBe(8);
  });

  it('a claim stored in Redis whose reply was lost never blocks its key: the order is placed once, every retry gets it, never a 409', async () => {
    const { tenant, order } = await shop();
    const key = randomUUID();
    // The store is asked again (a timeout of an earlier test leaves it skipped for a second).
    await waitFor(() => t.get(KeyValueStore).reachable, { what: 'the store to be asked again' });
    const before = new Set(await storeKeys(t, 'idem:*'));
    // Redis executes what it is sent, but its replies are held from the claim on (the `SET … NX` of
    // the order's key): the claim is stored, the service never hears so.
    proxy.freezeRepliesFrom((sent) => sent.includes('"state":"running"'));
    const first = await order(key);
    const during = await order(key);
    proxy.thaw();
    const stored = (await storeKeys(t, 'idem:*')).filter((recordKey) => !before.has(recordKey));
    const claims = (await Promise.all(stored.map((recordKey) => storeValues(t, recordKey)))).flat();
    expect(claims.filter((value) => value.includes('"state":"running"'))).toHaveLength(1);

    const retries = [];
    for (let i = 0; i < 3; i++) retries.push(await order(key));
    const answers = [first, during, ...retries];
    for (const res of answers) expect(res.status).toBe(201);
    const placedIds = new Set(answers.map((res) => res.body.data.id));
    expect(placedIds.size).toBe(1);
    expect(await ordersOf(tenant.id)).toEqual([...placedIds]);
    for (const res of retries) {
      expect(res.headers['idempotent-replayed']).toBe('true');
      expect(res.text).toBe(first.text);
    }
  });
});
