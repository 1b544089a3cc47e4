import { DataSource } from 'typeorm';
import { encodeCursor } from '@common/http/pagination';
import { createProduct, createShop } from '@test/support/commerce-factories';
import { download, insertOrder, notificationFor, post } from '@test/support/exports';
import { authHeader, createUser } from '@test/support/factories';
import { useTestApp } from '@test/support/test-app';

interface ListedFile {
  id: string;
  kind: string;
  status: string;
  created_at: string;
  ready_at: string | null;
  row_count: number | null;
}

describe('GET /api/v1/exports (decisions §17)', () => {
  const t = useTestApp();
  const db = () => t.get(DataSource);
  const list = (token: string, query: Record<string, string | number> = {}) =>
    t.http().get('/api/v1/exports').query(query).set(authHeader(token));

  /** A file row as the worker leaves it, asked for `minutesAgo` minutes ago. */
  async function file(
    shop: { tenant: { id: string }; owner: { id: string } },
    kind: 'orders_export' | 'sales_report',
    status: 'queued' | 'running' | 'ready' | 'failed',
    minutesAgo: number,
    options: { expired?: boolean; rows?: number } = {},
  ): Promise<string> {
    const done = status === 'ready' || status === 'failed';
    const [{ id }] = await db().query(
      `INSERT INTO export_files (tenant_id, user_id, kind, status, params, row_count, byte_size, chunk_count, created_at, completed_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now() - $9 * interval '1 minute',
               CASE WHEN $10 THEN now() - ($9 - 1) * interval '1 minute' END,
               CASE WHEN $11 THEN now() - interval '1 minute' ELSE now() + interval '6 days' END)
       RETURNING id`,
      [
        shop.tenant.id,
        shop.owner.id,
        kind,
        status,
        kind === 'sales_report' ? { from: '2026-10-01', to: '2026-10-30' } : {},
        status === 'ready' ? (options.rows ?? 3) : null,
        status === 'ready' ? 10 : null,
        status === 'ready' ? 1 : null,
        minutesAgo,
        done,
        options.expired ?? false,
      ],
    );
    return id as string;
  }

  it("lists the shop's own files newest first, in the dashboard's words, page by page with next_cursor", async () => {
    const shop = await createShop(t);
    const other = await createShop(t);
    const ids = {
      expired: await file(shop, 'orders_export', 'ready', 60 * 24 * 7 + 5, { expired: true }),
      failed: await file(shop, 'sales_report', 'failed', 50),
      ready: await file(shop, 'orders_export', 'ready', 40, { rows: 7 }),
      report: await file(shop, 'sales_report', 'ready', 30, { rows: 30 }),
      running: await file(shop, 'orders_export', 'running', 2),
      queued: await file(shop, 'sales_report', 'queued', 1),
    };
    await file(other, 'orders_export', 'ready', 10);

    const seen: ListedFile[] = [];
    const cursors: Array<string | null> = [];
    let cursor: string | undefined;
    do {
      const res = await list(shop.token, cursor === undefined ? { limit: 4 } : { limit: 4, cursor });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(['data', 'next_cursor']);
      seen.push(...(res.body.data as ListedFile[]));
      cursors.push(res.body.next_cursor);
      cursor = res.body.next_cursor ?? undefined;
    } while (cursor !== undefined);
    expect(cursors).toEqual([expect.any(String), null]);

    expect(seen.map((f) => [f.id, f.kind, f.status, f.row_count])).toEqual([
      [ids.queued, 'sales_report', 'queued', null],
      [ids.running, 'orders', 'processing', null],
      [ids.report, 'sales_report', 'ready', 30],
      [ids.ready, 'orders', 'ready', 7],
      [ids.failed, 'sales_report', 'failed', null],
      [ids.expired, 'orders', 'expired', 3],
    ]);
    const [row] = await db().query(`SELECT created_at, completed_at FROM export_files WHERE id = $1`, [ids.ready]);
    expect(seen[3]).toEqual(
      expect.objectContaining({ created_at: row.created_at.toISOString(), ready_at: row.completed_at.toISOString() }),
    );
    // An expired file still says when it was ready.
    expect(seen.filter((f) => f.ready_at !== null).map((f) => f.id)).toEqual([ids.report, ids.ready, ids.expired]);
    // An expired file is no longer served, and its own read signs no link to it.
    const expired = await t.http().get(`/api/v1/exports/${ids.expired}`).set(authHeader(shop.token));
    expect(expired.body.data).toEqual(expect.objectContaining({ status: 'ready', download_url: null }));
    const ready = await t.http().get(`/api/v1/exports/${ids.ready}`).set(authHeader(shop.token));
    expect(ready.body.data.download_url).toEqual(expect.any(String));
    await db().query(`UPDATE export_files SET expires_at = now() - interval '1 second' WHERE id = $1`, [ids.ready]);
    expect((await download(t, ready.body.data.download_url)).status).toBe(404);
    // Default page size 20: one page.
    const all = await list(shop.token);
    expect(all.body.data).toHaveLength(6);
    expect(all.body.next_cursor).toBeNull();
  });

  it('pages files asked for in the same microsecond by id, without skipping or repeating one', async () => {
    const shop = await createShop(t);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await file(shop, 'orders_export', 'queued', 0));
    await db().query(`UPDATE export_files SET created_at = '2026-11-20T10:00:00.123456Z' WHERE tenant_id = $1`, [shop.tenant.id]);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await list(shop.token, cursor === undefined ? { limit: 2 } : { limit: 2, cursor });
      seen.push(...res.body.data.map((f: ListedFile) => f.id));
      cursor = res.body.next_cursor ?? undefined;
    } while (cursor !== undefined);
    expect(seen).toEqual([...ids].sort().reverse());
  });

  it('shows a real export ready in the list, and its own read gives a fresh link that downloads it', async () => {
    const shop = await createShop(t);
    const product = await createProduct(t, shop.tenant.id);
    await insertOrder(t, shop.tenant.id, { items: [{ productId: product.id, name: 'Thing', price: '10.00', quantity: 1 }] });
    const asked = await post(t, '/api/v1/exports/orders', shop.token);
    expect(asked.status).toBe(202);
    await notificationFor(t, shop.owner.id, 'export_ready', asked.body.export_id);

    const listed = await list(shop.token);
    expect(listed.body.data).toEqual([
      {
        id: asked.body.export_id,
        kind: 'orders',
        status: 'ready',
        created_at: expect.any(String),
        ready_at: expect.any(String),
        row_count: 1,
      },
    ]);
    const shown = await t.http().get(`/api/v1/exports/${asked.body.export_id}`).set(authHeader(shop.token));
    expect(shown.status).toBe(200);
    expect(shown.body.data.download_url).toMatch(/\/api\/v1\/exports\/[0-9a-f-]{36}\/download\?expires=\d+&signature=/);
    const csv = await download(t, shown.body.data.download_url);
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('1 x Thing');
  });

  it('refuses a bad limit or a cursor this list did not give with 422', async () => {
    const shop = await createShop(t);
    const queries: Array<Record<string, string | number>> = [
      { limit: 0 },
      { limit: 101 },
      { limit: 'ten' },
      { cursor: 'nonsense' },
      { cursor: encodeCursor('/api/v1/orders', ['1', 5]) },
      { cursor: encodeCursor('/api/v1/exports', ['1', 5]) },
      { page: 2 },
    ];
    for (const query of queries) {
      const res = await list(shop.token, query);
      expect({ query, status: res.status }).toEqual({ query, status: 422 });
    }
  });

  it('answers 401 without a token and 403 without a shop', async () => {
    expect((await t.http().get('/api/v1/exports')).status).toBe(401);
    const { token } = await createUser(t, { role: 'customer' });
    expect((await list(token)).status).toBe(403);
  });
});
