import { createProduct, createShop, orderBody } from '@test/support/commerce-factories';
import { authHeader } from '@test/support/factories';
import { placeOrder } from '@test/support/http-clients';
import { useTestApp } from '@test/support/test-app';

/**
 * Lists whose cost does not grow with the shop (decisions §1): totals from counters kept by the
 * writing transactions, deep pages read from the nearer end, keyset paging with `cursor`.
 */
describe('Order lists: counted totals, deep pages and cursors', () => {
  const t = useTestApp();
  const get = (path: string, token: string) => t.http().get(path).set(authHeader(token));

  async function shopWithOrders(count: number) {
    const shop = await createShop(t);
    const product = await createProduct(t, shop.tenant.id, { stock: 10_000 });
    const statuses = await Promise.all(
      Array.from({ length: count }, () =>
        placeOrder(t, shop.tenant.id, orderBody([{ product_id: product.id, quantity: 1 }])).then((res) => res.status),
      ),
    );
    expect(statuses.every((status) => status === 201)).toBe(true);
    const rows: Array<{ id: number }> = await t.db.query('SELECT id FROM orders WHERE tenant_id = $1 ORDER BY created_at DESC, id DESC', [
      shop.tenant.id,
    ]);
    return { ...shop, product, newestFirst: rows.map((row) => row.id) };
  }

  /** The counters of the shop's orders, per subset ('' = all), and the same counted from the rows. */
  async function countersAndRows(tenantId: string) {
    const counted: Array<{ subset: string; n: string }> = await t.db.query(
      `SELECT subset, sum(n)::text AS n FROM list_counts WHERE scope_id = $1 AND list = 'orders' GROUP BY subset HAVING sum(n) <> 0`,
      [tenantId],
    );
    const rows: Array<{ subset: string; n: string }> = await t.db.query(
      `SELECT COALESCE(status, '') AS subset, count(*)::text AS n FROM orders WHERE tenant_id = $1 GROUP BY GROUPING SETS ((), (status))`,
      [tenantId],
    );
    const asMap = (list: Array<{ subset: string; n: string }>) => Object.fromEntries(list.map((row) => [row.subset, Number(row.n)]));
    return { counters: asMap(counted), rows: asMap(rows) };
  }

  it('keeps the counters equal to the rows through parallel placements, status changes and cancels', async () => {
    const { tenant, token, newestFirst, product } = await shopWithOrders(60);
    const ids = [...newestFirst];
    const patch = (id: number, status: string) => t.http().patch(`/api/v1/orders/${id}/status`).set(authHeader(token)).send({ status });
    // All at once: more placements, moves of the same orders to competing statuses, cancels.
    const results = await Promise.all([
      ...Array.from({ length: 30 }, () => placeOrder(t, tenant.id, orderBody([{ product_id: product.id }])).then((res) => res.status)),
      ...ids
        .slice(0, 20)
        .flatMap((id) => [patch(id, 'confirmed'), patch(id, 'delivered'), patch(id, 'processing')])
        .map((req) => req.then((res) => res.status)),
      ...ids.slice(20, 35).map((id) =>
        t
          .http()
          .delete(`/api/v1/orders/${id}`)
          .set(authHeader(token))
          .then((res) => res.status),
      ),
      ...ids.slice(35, 45).map((id) => patch(id, 'ready').then((res) => res.status)),
    ]);
    expect(results.filter((status) => status >= 500)).toEqual([]);
    const { counters, rows } = await countersAndRows(tenant.id);
    expect(counters).toEqual(rows);
    expect(rows.cancelled).toBe(15);
    // And what the API reports is that.
    for (const [subset, n] of Object.entries(rows)) {
      const res = await get(`/api/v1/orders${subset ? `?status=${subset}` : ''}`, token);
      expect(res.body.meta.total).toBe(n);
    }
  });

  it('keeps one shop counter exact while 40 orders are placed at once (no slot is lost, none waits)', async () => {
    const shop = await createShop(t);
    const product = await createProduct(t, shop.tenant.id, { stock: 1_000 });
    const statuses = await Promise.all(
      Array.from({ length: 40 }, () => placeOrder(t, shop.tenant.id, orderBody([{ product_id: product.id }])).then((res) => res.status)),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(40);
    const { counters, rows } = await countersAndRows(shop.tenant.id);
    expect(counters).toEqual({ '': 40, pending: 40 });
    expect(rows).toEqual(counters);
  });

  it('serves every page, the last one read from the end, with the rows page mode promises', async () => {
    const { token, newestFirst } = await shopWithOrders(45);
    const pages = await Promise.all([1, 2, 3, 4].map((page) => get(`/api/v1/orders?page=${page}`, token)));
    expect(pages.map((res) => res.body.data.map((order: { id: number }) => order.id))).toEqual([
      newestFirst.slice(0, 20),
      newestFirst.slice(20, 40),
      newestFirst.slice(40, 45),
      [],
    ]);
    expect(pages[2].body.meta).toEqual({ current_page: 3, from: 41, last_page: 3, per_page: 20, to: 45, total: 45, next_cursor: null });
    expect(pages[2].body.data[0].items).toHaveLength(1);
    expect(pages[3].body.meta).toEqual(expect.objectContaining({ current_page: 4, from: null, to: null, total: 45 }));
  });

  it('scrolls with cursor through every order once, in order, and says where the list ends', async () => {
    const { token, newestFirst, tenant, product } = await shopWithOrders(45);
    const seen: number[] = [];
    let next: string | null = `/api/v1/orders`;
    let requests = 0;
    while (next) {
      const res = await get(next, token);
      expect(res.status).toBe(200);
      expect(res.body.meta.total).toBe(45);
      seen.push(...res.body.data.map((order: { id: number }) => order.id));
      next = res.body.links.next ? new URL(res.body.links.next).pathname + new URL(res.body.links.next).search : null;
      if (requests > 0) {
        expect(res.body.meta.current_page).toBeNull();
        if (next) expect(next).toContain(`cursor=${encodeURIComponent(res.body.meta.next_cursor)}`);
      }
      // The first page is by `page`; from then on the links carry the cursor.
      if (requests === 0) next = `/api/v1/orders?cursor=${res.body.meta.next_cursor}`;
      requests += 1;
    }
    expect(seen).toEqual(newestFirst);
    expect(requests).toBe(3);

    // An order placed while scrolling is newer than the cursor: the rest of the scroll is unchanged.
    const first = await get('/api/v1/orders', token);
    await placeOrder(t, tenant.id, orderBody([{ product_id: product.id }]));
    const after = await get(`/api/v1/orders?cursor=${first.body.meta.next_cursor}`, token);
    expect(after.body.data.map((order: { id: number }) => order.id)).toEqual(newestFirst.slice(20, 40));
  });

  it('scrolls a status filter with cursor and keeps the filter in the links', async () => {
    const { token, newestFirst } = await shopWithOrders(25);
    const delivered = newestFirst.filter((_, index) => index % 2 === 0);
    for (const id of delivered) {
      await t.http().patch(`/api/v1/orders/${id}/status`).set(authHeader(token)).send({ status: 'delivered' }).expect(200);
    }
    const first = await get('/api/v1/orders?status=delivered&page=1', token);
    expect(first.body.meta.total).toBe(13);
    expect(first.body.meta.next_cursor).toBeNull();
    const one = await get('/api/v1/orders?status=delivered', token);
    expect(one.body.data.map((order: { id: number }) => order.id)).toEqual(delivered);
    // A cursor from the middle of the filtered list.
    const mid = Buffer.from(JSON.stringify(['/api/v1/orders', ...(await sortKeyOf(delivered[4]))])).toString('base64url');
    const rest = await get(`/api/v1/orders?status=delivered&cursor=${mid}`, token);
    expect(rest.body.data.map((order: { id: number }) => order.id)).toEqual(delivered.slice(5));
    expect(rest.body.links.first).toMatch(/status=delivered/);
  });

  async function sortKeyOf(orderId: number): Promise<[string, number]> {
    const [row] = await t.db.query(`SELECT (extract(epoch FROM created_at) * 1000000)::bigint::text AS micros FROM orders WHERE id = $1`, [
      orderId,
    ]);
    return [row.micros, orderId];
  }

  it('refuses a cursor it did not hand out with 422 on cursor, never 500', async () => {
    const { token } = await shopWithOrders(1);
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const bad = [
      'not-a-cursor',
      '%%%',
      encode({ a: 1 }),
      encode(['/api/v1/orders', '12', 1, 'extra']),
      encode(['/api/v1/orders', 'yesterday', 1]),
      encode(['/api/v1/orders', '1700000000000000', 99999999999]),
      encode(['/api/v1/products', 5]),
      encode(['/api/v1/orders', '99999999999999999999', 1]),
      'x'.repeat(500),
    ];
    for (const cursor of bad) {
      const res = await get(`/api/v1/orders?cursor=${encodeURIComponent(cursor)}`, token);
      expect({ cursor, status: res.status }).toEqual({ cursor, status: 422 });
      expect(res.body.errors).toHaveProperty('cursor');
    }
    const both = await get(`/api/v1/orders?page=2&cursor=${encode(['/api/v1/orders', '1', 1])}`, token);
    expect(both.status).toBe(422);
    expect(both.body.errors.cursor).toEqual(['Give either page or cursor, not both.']);
  });

  it('answers the total from the counters, not by counting rows', async () => {
    const { token, tenant } = await shopWithOrders(3);
    // A slot that no row stands for: a total counted from the rows would not see it.
    await t.db.query(`INSERT INTO list_counts (scope_id, list, subset, n) VALUES ($1, 'orders', '', 1000), ($1, 'orders', 'pending', 7)`, [
      tenant.id,
    ]);
    expect((await get('/api/v1/orders', token)).body.meta).toEqual(expect.objectContaining({ total: 1003, last_page: 51 }));
    expect((await get('/api/v1/orders?status=pending', token)).body.meta.total).toBe(10);
  });
});
