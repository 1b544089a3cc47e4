import { createProduct, createShop, orderBody, stockOf } from '@test/support/commerce-factories';
import { authHeader, createUser } from '@test/support/factories';
import { placeOrder } from '@test/support/http-clients';
import { useTestApp } from '@test/support/test-app';

describe('Merchant order routes (spec 4.2, 5; decisions §5)', () => {
  const t = useTestApp();

  async function shopWithOrders(count: number, stock = 100) {
    const { tenant, owner, token } = await createShop(t);
    const product = await createProduct(t, tenant.id, { stock });
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const res = await placeOrder(t, tenant.id, orderBody([{ product_id: product.id, quantity: 2 }]));
      expect(res.status).toBe(201);
      ids.push(res.body.data.id);
    }
    return { tenant, owner, token, product, ids };
  }

  const get = (path: string, token: string) => t.http().get(path).set(authHeader(token));
  const patchStatus = (id: number | string, status: string, token: string) =>
    t.http().patch(`/api/v1/orders/${id}/status`).set(authHeader(token)).send({ status });

  it('lists 20 a page, newest first, with the page envelope', async () => {
    const { token, ids } = await shopWithOrders(23);
    const first = await get('/api/v1/orders', token);
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(20);
    expect(first.body.data[0].id).toBe(ids[22]);
    expect(first.body.meta).toEqual({
      current_page: 1,
      from: 1,
      last_page: 2,
      per_page: 20,
      to: 20,
      total: 23,
      next_cursor: expect.any(String),
    });
    expect(first.body.links.next).toMatch(/\/api\/v1\/orders\?page=2$/);
    expect(first.body.links.prev).toBeNull();
    const second = await get('/api/v1/orders?page=2', token);
    expect(second.body.data.map((order: { id: number }) => order.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(second.body.meta).toEqual(expect.objectContaining({ current_page: 2, from: 21, to: 23 }));
  });

  it('filters by status and refuses an unknown one', async () => {
    const { token, ids } = await shopWithOrders(3);
    await patchStatus(ids[1], 'confirmed', token);
    const confirmed = await get('/api/v1/orders?status=confirmed', token);
    expect(confirmed.body.data.map((order: { id: number }) => order.id)).toEqual([ids[1]]);
    expect(confirmed.body.links.first).toMatch(/status=confirmed/);
    const bad = await get('/api/v1/orders?status=lost', token);
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('status');
  });

  it('shows one order wrapped in data', async () => {
    const { token, ids } = await shopWithOrders(1);
    const res = await get(`/api/v1/orders/${ids[0]}`, token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(expect.objectContaining({ id: ids[0], order_number: '1001', status: 'pending' }));
  });

  it('moves forward, skips steps, refuses backward and final moves, and keeps each change as an event', async () => {
    const { token, owner, ids } = await shopWithOrders(1);
    const id = ids[0];
    expect((await patchStatus(id, 'processing', token)).body.data.status).toBe('processing');
    const again = await patchStatus(id, 'processing', token);
    expect(again.status).toBe(200);
    const back = await patchStatus(id, 'confirmed', token);
    expect(back.status).toBe(422);
    expect(back.body.errors.status[0]).toMatch(/cannot go back/);
    expect((await patchStatus(id, 'delivered', token)).status).toBe(200);
    expect((await patchStatus(id, 'cancelled', token)).status).toBe(422);
    expect((await patchStatus(id, 'delivered', token)).status).toBe(200);
    expect((await t.http().delete(`/api/v1/orders/${id}`).set(authHeader(token))).status).toBe(422);
    const events = await t.db.query(`SELECT event, from_status, to_status, user_id FROM order_events WHERE order_id = $1 ORDER BY id`, [
      id,
    ]);
    expect(events).toEqual([
      { event: 'created', from_status: null, to_status: 'pending', user_id: null },
      { event: 'status_changed', from_status: 'pending', to_status: 'processing', user_id: owner.id },
      { event: 'status_changed', from_status: 'processing', to_status: 'delivered', user_id: owner.id },
    ]);
  });

  it('shows the order with its history, oldest first, and the statuses it may move to now', async () => {
    const { token, ids } = await shopWithOrders(1);
    const id = ids[0];
    const placed = await get(`/api/v1/orders/${id}`, token);
    expect(placed.status).toBe(200);
    expect(placed.body.data.events).toEqual([{ type: 'created', from_status: null, to_status: 'pending', created_at: expect.any(String) }]);
    expect(placed.body.data.allowed_statuses).toEqual(['confirmed', 'processing', 'ready', 'delivered', 'cancelled']);

    const moved = await patchStatus(id, 'ready', token);
    expect(moved.body.data.allowed_statuses).toEqual(['delivered', 'cancelled']);
    expect((await patchStatus(id, 'cancelled', token)).status).toBe(200);
    const shown = await get(`/api/v1/orders/${id}`, token);
    expect(shown.body.data.status).toBe('cancelled');
    expect(shown.body.data.allowed_statuses).toEqual([]);
    expect(
      shown.body.data.events.map((e: { type: string; from_status: string | null; to_status: string | null }) => [
        e.type,
        e.from_status,
        e.to_status,
      ]),
    ).toEqual([
      ['created', null, 'pending'],
      ['status_changed', 'pending', 'ready'],
      ['status_changed', 'ready', 'cancelled'],
    ]);
    const times = shown.body.data.events.map((e: { created_at: string }) => Date.parse(e.created_at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('refuses a status that is not one of the six', async () => {
    const { token, ids } = await shopWithOrders(1);
    const res = await patchStatus(ids[0], 'shipped', token);
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty('status');
    expect(
      (await t.http().patch(`/api/v1/orders/${ids[0]}/status`).set(authHeader(token)).send({ status: 'ready', extra: 1 })).status,
    ).toBe(422);
  });

  it('cancels with DELETE (204, empty), returns the stock, and answers 204 again when already cancelled', async () => {
    const { token, product, ids } = await shopWithOrders(2, 10);
    expect(await stockOf(t, product.id)).toBe(6);
    const res = await t.http().delete(`/api/v1/orders/${ids[0]}`).set(authHeader(token));
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(await stockOf(t, product.id)).toBe(8);
    expect((await t.http().delete(`/api/v1/orders/${ids[0]}`).set(authHeader(token))).status).toBe(204);
    expect(await stockOf(t, product.id)).toBe(8);
    expect((await get(`/api/v1/orders/${ids[0]}`, token)).body.data.status).toBe('cancelled');
    const patched = await patchStatus(ids[1], 'cancelled', token);
    expect(patched.body.data.status).toBe('cancelled');
    expect(await stockOf(t, product.id)).toBe(10);
  });

  it('answers 404 for a missing or non-integer order id', async () => {
    const { token } = await shopWithOrders(0);
    for (const path of ['/api/v1/orders/999999999', '/api/v1/orders/abc', '/api/v1/orders/1.5', '/api/v1/orders/99999999999']) {
      expect({ path, status: (await get(path, token)).status }).toEqual({ path, status: 404 });
    }
  });

  it("answers 404 on every route for another tenant's order and writes TENANT_OWNERSHIP_VIOLATION", async () => {
    const a = await shopWithOrders(0);
    const b = await shopWithOrders(1);
    const id = b.ids[0];
    const attempts = [
      get(`/api/v1/orders/${id}`, a.token),
      patchStatus(id, 'confirmed', a.token),
      t.http().delete(`/api/v1/orders/${id}`).set(authHeader(a.token)),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Order not found.' });
    }
    expect((await get(`/api/v1/orders/${id}`, b.token)).body.data.status).toBe('pending');
    const rows = await t.db.query(
      `SELECT event, user_id, tenant_id, resource_type, resource_id, ip FROM security_log WHERE resource_id = $1 AND user_id = $2`,
      [String(id), a.owner.id],
    );
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row).toEqual({
        event: 'TENANT_OWNERSHIP_VIOLATION',
        user_id: a.owner.id,
        tenant_id: a.tenant.id,
        resource_type: 'order',
        resource_id: String(id),
        ip: expect.stringContaining('127.0.0.1'),
      });
    }
    // The list never shows another tenant's orders.
    expect((await get('/api/v1/orders', a.token)).body.data).toEqual([]);
  });

  it('answers 401 without a valid token and 403 for a user without a shop', async () => {
    expect((await t.http().get('/api/v1/orders')).status).toBe(401);
    expect((await get('/api/v1/orders', '1|nottherightsecretnottherightsecretnottheright')).status).toBe(401);
    const { token } = await createUser(t);
    expect((await get('/api/v1/orders', token)).status).toBe(403);
  });
});
