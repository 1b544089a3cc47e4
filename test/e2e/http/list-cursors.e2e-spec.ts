import { createCoupon, createLocation, createProduct, createShop } from '@test/support/commerce-factories';
import { authHeader } from '@test/support/factories';
import { useTestApp } from '@test/support/test-app';

/**
 * Every list takes `cursor` (decisions §1): scrolling by cursor visits exactly the rows page mode
 * shows, in the same order, and the totals come from the counters.
 */
describe('Cursor paging on every list', () => {
  const t = useTestApp();
  const get = (path: string, token: string) => t.http().get(path).set(authHeader(token));

  /** Page mode, every page; then cursor mode from page 1's next_cursor to the end. */
  async function bothWays(path: string, token: string): Promise<{ paged: string[]; scrolled: string[]; total: number }> {
    const paged: string[] = [];
    const first = await get(path, token);
    expect(first.status).toBe(200);
    for (let page = 1; page <= first.body.meta.last_page; page++) {
      const res = await get(`${path}?page=${page}`, token);
      paged.push(...res.body.data.map((row: { id: string | number }) => String(row.id)));
    }
    const scrolled: string[] = first.body.data.map((row: { id: string | number }) => String(row.id));
    let cursor: string | null = first.body.meta.next_cursor;
    while (cursor) {
      const res = await get(`${path}?cursor=${cursor}`, token);
      expect(res.status).toBe(200);
      expect(res.body.meta.total).toBe(first.body.meta.total);
      scrolled.push(...res.body.data.map((row: { id: string | number }) => String(row.id)));
      cursor = res.body.meta.next_cursor;
      if (cursor) expect(res.body.links.next).toContain(`cursor=${encodeURIComponent(cursor)}`);
    }
    return { paged, scrolled, total: first.body.meta.total };
  }

  it('products, locations and coupons (50 a page)', async () => {
    const { tenant, token } = await createShop(t);
    for (let i = 0; i < 120; i++) await createProduct(t, tenant.id);
    for (let i = 0; i < 54; i++) await createLocation(t, tenant.id, { isPrimary: false });
    for (let i = 0; i < 51; i++) await createCoupon(t, tenant.id);
    for (const [path, count] of [
      ['/api/v1/merchant/products', 120],
      ['/api/v1/merchant/locations', 55],
      ['/api/v1/merchant/coupons', 51],
    ] as const) {
      const { paged, scrolled, total } = await bothWays(path, token);
      expect({ path, total, rows: paged.length, distinct: new Set(paged).size }).toEqual({
        path,
        total: count,
        rows: count,
        distinct: count,
      });
      expect(scrolled).toEqual(paged);
    }
  });

  it('notifications: unread first, then newest, read ones after; the unread count from the counters', async () => {
    const { owner, token } = await createShop(t);
    await t.db.query(
      `INSERT INTO notifications (user_id, type, data, dedupe_key, read_at, created_at)
       SELECT $1, 'new_order', jsonb_build_object('order_id', g, 'order_number', (1000 + g)::text, 'customer_name', 'Customer',
                'total', 10, 'currency', 'HNL', 'url', 'http://localhost:3000/orders/' || g),
              'k' || g, CASE WHEN g % 3 = 0 THEN now() END, now() - make_interval(secs => g)
         FROM generate_series(1, 34) AS g`,
      [owner.id],
    );
    const { paged, scrolled, total } = await bothWays('/api/v1/notifications', token);
    expect(total).toBe(34);
    expect(new Set(paged).size).toBe(34);
    expect(scrolled).toEqual(paged);
    const expected: Array<{ id: string }> = await t.db.query(
      'SELECT id FROM notifications WHERE user_id = $1 ORDER BY (read_at IS NOT NULL), created_at DESC, id DESC',
      [owner.id],
    );
    expect(paged).toEqual(expected.map((row) => row.id));
    expect((await get('/api/v1/notifications/count', token)).body).toEqual({ count: 23 });
    await t.http().patch('/api/v1/notifications/read-all').set(authHeader(token)).expect(200);
    expect((await get('/api/v1/notifications/count', token)).body).toEqual({ count: 0 });
  });
});
