import { randomUUID } from 'node:crypto';
import { KeyValueStore } from '@infra/store/key-value-store';
import { createProduct, createShop, orderBody, stockOf } from '@test/support/commerce-factories';
import { authHeader, createUser } from '@test/support/factories';
import { placeOrder } from '@test/support/http-clients';
import { deleteStoreKeys, storeKeys } from '@test/support/store-keys';
import { useTestApp } from '@test/support/test-app';

describe('POST /api/v1/orders with an Idempotency-Key (decisions §13, §2, §15)', () => {
  const t = useTestApp();

  const ordersOf = async (tenantId: string): Promise<number[]> =>
    (await t.db.query('SELECT id FROM orders WHERE tenant_id = $1 ORDER BY id', [tenantId])).map((row: { id: number }) => row.id);

  async function shopWithProduct(stock: number | null = 10) {
    const { tenant } = await createShop(t);
    const product = await createProduct(t, tenant.id, { stock, price: '25.00' });
    return { tenant, product, body: orderBody([{ product_id: product.id, quantity: 2 }]) };
  }

  /** Places an order with the key and then loses its record in the store (a Redis flush, a deleted store row). */
  async function placeAndForget(tenantId: string, body: object, key: string) {
    const before = new Set(await storeKeys(t, 'idem:*'));
    const placed = await placeOrder(t, tenantId, body, { 'Idempotency-Key': key });
    expect(placed.status).toBe(201);
    const records = (await storeKeys(t, 'idem:*')).filter((recordKey) => !before.has(recordKey));
    expect(records).toHaveLength(1);
    await deleteStoreKeys(t, records);
    expect(await storeKeys(t, records[0])).toEqual([]);
    return placed;
  }

  it('replays the order from the database once the store has lost its record: one order, the same answer', async () => {
    const { tenant, product, body } = await shopWithProduct(10);
    const key = randomUUID();
    const placed = await placeAndForget(tenant.id, body, key);

    const retry = await placeOrder(t, tenant.id, body, { 'Idempotency-Key': key });
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.headers.location).toBe(`/api/v1/orders/${placed.body.data.id}`);
    expect(retry.text).toBe(placed.text);
    expect(await ordersOf(tenant.id)).toEqual([placed.body.data.id]);
    expect(await stockOf(t, product.id)).toBe(8);

    // The replay refilled the store: the next retry is answered from it, the same again.
    const again = await placeOrder(t, tenant.id, body, { 'Idempotency-Key': key });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.text).toBe(placed.text);
  });

  it('gives 20 concurrent retries that all miss the store one order, and every one of them that order', async () => {
    const { tenant, product, body } = await shopWithProduct(10);
    const key = randomUUID();
    // Every request finds the store empty (as if it were flushed between them): only the database can tell them apart.
    const lost = jest.spyOn(t.get(KeyValueStore), 'setIfAbsent').mockResolvedValue(true);
    let responses;
    try {
      responses = await Promise.all(Array.from({ length: 20 }, () => placeOrder(t, tenant.id, body, { 'Idempotency-Key': key })));
    } finally {
      lost.mockRestore();
    }
    expect(responses.map((res) => res.status)).toEqual(Array(20).fill(201));
    const original = responses.filter((res) => res.headers['idempotent-replayed'] === undefined);
    expect(original).toHaveLength(1);
    for (const res of responses) expect(res.text).toBe(original[0].text);
    expect(await ordersOf(tenant.id)).toEqual([original[0].body.data.id]);
    expect(await stockOf(t, product.id)).toBe(8);
  });

  it('refuses the key with another body after the store lost its record, saying nothing of the order', async () => {
    const { tenant, product, body } = await shopWithProduct(10);
    const key = randomUUID();
    const placed = await placeAndForget(tenant.id, body, key);

    const changed = await placeOrder(t, tenant.id, orderBody([{ product_id: product.id, quantity: 3 }]), { 'Idempotency-Key': key });
    expect(changed.status).toBe(422);
    expect(Object.keys(changed.body)).toEqual(['message', 'errors']);
    expect(Object.keys(changed.body.errors)).toEqual(['Idempotency-Key']);
    expect(changed.headers.location).toBeUndefined();
    expect(changed.text).not.toContain(String(placed.body.data.id));
    expect(changed.text).not.toContain(placed.body.data.order_number);
    expect(await ordersOf(tenant.id)).toEqual([placed.body.data.id]);
    expect(await stockOf(t, product.id)).toBe(8);
  });

  it("replays a signed-in shopper's order only to that shopper, never to an anonymous caller with the same key and body", async () => {
    const { tenant, product, body } = await shopWithProduct(10);
    const { token } = await createUser(t);
    const key = randomUUID();
    const placed = await placeOrder(t, tenant.id, body, { 'Idempotency-Key': key, ...authHeader(token) });
    expect(placed.status).toBe(201);

    const anonymous = await placeOrder(t, tenant.id, body, { 'Idempotency-Key': key });
    expect(anonymous.status).toBe(422);
    expect(anonymous.body.data).toBeUndefined();
    expect(anonymous.text).not.toContain(String(placed.body.data.id));
    expect(await ordersOf(tenant.id)).toEqual([placed.body.data.id]);
    expect(await stockOf(t, product.id)).toBe(8);

    const own = await placeOrder(t, tenant.id, body, { 'Idempotency-Key': key, ...authHeader(token) });
    expect(own.status).toBe(201);
    expect(own.headers['idempotent-replayed']).toBe('true');
    expect(own.text).toBe(placed.text);
  });

  it("keeps one shop's key from colliding with another's after the store lost its records", async () => {
    const first = await shopWithProduct();
    const second = await shopWithProduct();
    const key = randomUUID();
    const placed = await placeAndForget(first.tenant.id, first.body, key);

    const own = await placeOrder(t, second.tenant.id, second.body, { 'Idempotency-Key': key });
    expect(own.status).toBe(201);
    expect(own.headers['idempotent-replayed']).toBeUndefined();
    expect(await ordersOf(second.tenant.id)).toEqual([own.body.data.id]);
    expect(await ordersOf(first.tenant.id)).toEqual([placed.body.data.id]);
  });

  it('places one order for 20 concurrent identical requests with one key, answers every one of them with it, and replays it on a retry', async () => {
    const { tenant, product, body } = await shopWithProduct(10);
    const key = randomUUID();
    const responses = await Promise.all(Array.from({ length: 20 }, () => placeOrder(t, tenant.id, body, { 'Idempotency-Key': key })));

    const original = responses.filter((res) => res.status === 201 && res.headers['idempotent-replayed'] === undefined);
    const replayed = responses.filter((res) => res.status === 201 && res.headers['idempotent-replayed'] === 'true');
    expect(original).toHaveLength(1);
    // Never 409 "still being processed": a request that finds the first one's claim waits for its order.
    expect(original.length + replayed.length).toBe(20);
    for (const res of replayed) expect(res.text).toBe(original[0].text);
    expect(await ordersOf(tenant.id)).toEqual([original[0].body.data.id]);
    expect(await stockOf(t, product.id)).toBe(8);

    // The client whose connection broke retries once the first has finished: the same answer, nothing placed again.
    const retry = await placeOrder(t, tenant.id, body, { 'Idempotency-Key': key });
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.headers.location).toBe(`/api/v1/orders/${original[0].body.data.id}`);
    expect(retry.text).toBe(original[0].text);
    expect(await ordersOf(tenant.id)).toEqual([original[0].body.data.id]);
    expect(await stockOf(t, product.id)).toBe(8);
  });

  it('answers 201 with the committed order when its response cannot be kept, and a quick retry gets that order, not a 409 or a second', async () => {
    const { tenant, product, body } = await shopWithProduct(10);
    const key = randomUUID();
    const store = t.get(KeyValueStore);
    const set = store.set.bind(store);
    // The store takes the claim, then fails when the finished response is to be kept (after the order's commit).
    const fault = jest
      .spyOn(store, 'set')
      .mockImplementation((recordKey: string, value: string, ttlMs: number) =>
        value.includes('"state":"done"') ? Promise.reject(new Error('injected: store write failed')) : set(recordKey, value, ttlMs),
      );
    let placed;
    try {
      placed = await placeOrder(t, tenant.id, body, { 'Idempotency-Key': key });
    } finally {
      fault.mockRestore();
    }
    expect(placed.status).toBe(201);
    expect(placed.headers.location).toBe(`/api/v1/orders/${placed.body.data.id}`);
    expect(await ordersOf(tenant.id)).toEqual([placed.body.data.id]);

    // The store still holds the first request's claim (60 s), but the order is kept with its key.
    const retry = await placeOrder(t, tenant.id, body, { 'Idempotency-Key': key });
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.text).toBe(placed.text);
    expect(await ordersOf(tenant.id)).toEqual([placed.body.data.id]);
    expect(await stockOf(t, product.id)).toBe(8);

    // Another body with the key while the claim lives: the claim's 422, nothing of the order.
    const other = await placeOrder(t, tenant.id, orderBody([{ product_id: product.id, quantity: 1 }]), { 'Idempotency-Key': key });
    expect(other.status).toBe(422);
    expect(other.text).not.toContain(String(placed.body.data.id));
  });

  it('takes the key from X-Idempotency-Key too, and names the same shop by X-Tenant-Slug or X-Tenant-ID', async () => {
    const { tenant, body } = await shopWithProduct();
    const key = randomUUID();
    const first = await placeOrder(t, tenant.id, body, { 'X-Idempotency-Key': key });
    expect(first.status).toBe(201);
    const bySlug = await placeOrder(t, null, body, { 'X-Idempotency-Key': key, 'X-Tenant-Slug': tenant.slug });
    expect(bySlug.status).toBe(201);
    expect(bySlug.headers['idempotent-replayed']).toBe('true');
    expect(bySlug.body).toEqual(first.body);
    expect(await ordersOf(tenant.id)).toHaveLength(1);
  });

  it('refuses the key with 422 when it is reused with a different body', async () => {
    const { tenant, product, body } = await shopWithProduct(10);
    const key = randomUUID();
    expect((await placeOrder(t, tenant.id, body, { 'Idempotency-Key': key })).status).toBe(201);
    const changed = await placeOrder(t, tenant.id, orderBody([{ product_id: product.id, quantity: 3 }]), { 'Idempotency-Key': key });
    expect(changed.status).toBe(422);
    expect(changed.body.errors['Idempotency-Key'][0]).toMatch(/cannot be used with this request/);
    expect(await ordersOf(tenant.id)).toHaveLength(1);
    expect(await stockOf(t, product.id)).toBe(8);
  });

  it("never replays one shop's order to a request naming another shop with the same key", async () => {
    const first = await shopWithProduct();
    const second = await shopWithProduct();
    const key = randomUUID();
    const placed = await placeOrder(t, first.tenant.id, first.body, { 'Idempotency-Key': key });
    expect(placed.status).toBe(201);

    // The same bytes sent to the other shop: its own answer (the product is not on sale there), not the first shop's order.
    const sameBody = await placeOrder(t, second.tenant.id, first.body, { 'Idempotency-Key': key });
    expect(sameBody.headers['idempotent-replayed']).toBeUndefined();
    expect(sameBody.status).toBe(422);
    expect(sameBody.body.errors).toHaveProperty(['items.0.product_id']);

    // Keys are scoped per shop: the other shop's own order with the same key is placed there.
    const own = await placeOrder(t, second.tenant.id, second.body, { 'Idempotency-Key': key });
    expect(own.status).toBe(201);
    expect(own.headers['idempotent-replayed']).toBeUndefined();
    expect(await ordersOf(second.tenant.id)).toEqual([own.body.data.id]);
    expect(await ordersOf(first.tenant.id)).toEqual([placed.body.data.id]);
  });

  it('keeps no 422, so the corrected order can be sent with the same key', async () => {
    const { tenant, product, body } = await shopWithProduct(1);
    const key = randomUUID();
    const tooMany = await placeOrder(t, tenant.id, body, { 'Idempotency-Key': key });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors).toHaveProperty(['items.0.quantity']);
    const corrected = await placeOrder(t, tenant.id, orderBody([{ product_id: product.id, quantity: 1 }]), { 'Idempotency-Key': key });
    expect(corrected.status).toBe(201);
    expect(corrected.headers['idempotent-replayed']).toBeUndefined();
    expect(await stockOf(t, product.id)).toBe(0);
  });

  it('refuses a key longer than 255 characters with 422 and places nothing', async () => {
    const { tenant, body } = await shopWithProduct();
    const res = await placeOrder(t, tenant.id, body, { 'Idempotency-Key': 'k'.repeat(256) });
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty(['Idempotency-Key']);
    expect(await ordersOf(tenant.id)).toHaveLength(0);
  });

  it('places two orders for the same body sent twice without a key', async () => {
    const { tenant, product, body } = await shopWithProduct(10);
    const responses = await Promise.all([placeOrder(t, tenant.id, body), placeOrder(t, tenant.id, body)]);
    expect(responses.map((res) => res.status)).toEqual([201, 201]);
    expect(await ordersOf(tenant.id)).toHaveLength(2);
    expect(await stockOf(t, product.id)).toBe(6);
  });
});
