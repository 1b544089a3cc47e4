import { randomUUID } from 'node:crypto';
import { createProduct, createShop } from '@test/support/commerce-factories';
import { authHeader } from '@test/support/factories';
import { uniqueClientIp } from '@test/support/http-clients';
import { useTestApp, type TestApp } from '@test/support/test-app';
import { TEST_STORE_BACKEND } from '@test/support/test-env';
import { settleFor, waitFor } from '@test/support/wait';

/**
 * PostgreSQL counts a backend's transactions in `pg_stat_database` when the backend reports them:
 * at most once a second while it works, and 10 s after it went idle. Every statement the app sends
 * outside a transaction is one transaction.
 */
const STATS_REPORTED_MS = 11_000;

/**
 * What the app's statements did, as PostgreSQL counts it: its transactions, or, with the key-value
 * store on PostgreSQL (PostgreSQL-only mode, where every request's rate-limit counters are written
 * there), the reads and writes of every table but the store's.
 */
async function transactions(t: TestApp): Promise<number> {
  const rows: Array<{ n: string }> =
    TEST_STORE_BACKEND === 'postgres'
      ? await t.db.query(
          `SELECT coalesce(sum(coalesce(seq_scan, 0) + coalesce(idx_scan, 0) + n_tup_ins + n_tup_upd + n_tup_del), 0) AS n
             FROM pg_stat_user_tables WHERE schemaname = 'public' AND relname NOT IN ('kv_store', 'kv_counters')`,
        )
      : await t.db.query('SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()');
  return Number(rows[0].n);
}

/** The public catalog served from memory (docs/storefront.md, "Served from memory"). */
describe('Storefront catalog from memory', () => {
  jest.setTimeout(90_000);
  const prefix = `catalog-memory-${randomUUID().slice(0, 8)}`;
  // Freshness at the bound, so that only a change can explain a new answer within the tests' waits.
  const env = { QUEUE_PREFIX: prefix, CATALOG_FRESH_SECONDS: '30' };
  const t = useTestApp({ role: 'api', env });
  const other = useTestApp({ role: 'api', env });
  const get = (app: TestApp, path: string) => app.http().get(path).set('X-Forwarded-For', uniqueClientIp());

  it('answers a warm request without any PostgreSQL statement, with its Age, ETag and 304', async () => {
    const { tenant } = await createShop(t);
    for (let i = 0; i < 30; i++) await createProduct(t, tenant.id, { name: `Producto ${String(i).padStart(2, '0')}` });
    const products = `/api/v1/storefront/${tenant.slug}/products?limit=24`;
    const shop = `/api/v1/storefront/${tenant.slug.toUpperCase()}`;
    const first = await get(t, products);
    expect(first.status).toBe(200);
    expect(first.headers.age).toBeUndefined();
    expect((await get(t, shop)).status).toBe(200);

    // What the app does anyway (its pools, the channel) in a window of the same length, idle.
    await settleFor(STATS_REPORTED_MS, 'PostgreSQL to report the warm-up reads');
    const idleFrom = await transactions(t);
    await settleFor(STATS_REPORTED_MS, 'an idle window as long as the measured one');
    const idle = (await transactions(t)) - idleFrom - 1;

    const from = await transactions(t);
    for (let i = 0; i < 100; i++) {
      const res = await get(t, i % 2 === 0 ? products : shop);
      expect(res.status).toBe(200);
      expect(Number(res.headers.age)).toBeGreaterThanOrEqual(0);
    }
    const cached = await get(t, products).set('If-None-Match', first.headers.etag);
    expect([cached.status, cached.text ?? '']).toEqual([304, '']);
    const again = await get(t, products);
    expect(again.text).toBe(first.text);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    await settleFor(STATS_REPORTED_MS, 'PostgreSQL to report what the requests did');
    const measured = (await transactions(t)) - from - 1;
    // 103 requests: one statement each would show as 103 at least.
    expect(measured).toBeLessThanOrEqual(Math.max(0, idle) + 3);
  });

  it('shows a product change at once on the process that made it and, through the channel, on another', async () => {
    const { tenant, token } = await createShop(t);
    const product = await createProduct(t, tenant.id, { name: 'Té verde' });
    const path = `/api/v1/storefront/${tenant.slug}/products`;
    const names = (res: { body: { data: Array<{ name: string }> } }) => res.body.data.map((p) => p.name);
    expect(names(await get(t, path))).toEqual(['Té verde']);
    expect(names(await get(other, path))).toEqual(['Té verde']);
    expect(names(await get(other, path))).toEqual(['Té verde']);

    const changed = await t.http().patch(`/api/v1/merchant/products/${product.id}`).set(authHeader(token)).send({ name: 'Té negro' });
    expect(changed.status).toBe(200);
    // The same process dropped its answer before it answered the change.
    expect(names(await get(t, path))).toEqual(['Té negro']);
    // The other one within the freshness of 30 s: only the published change can explain it.
    await waitFor(async () => names(await get(other, path))[0] === 'Té negro', { what: 'the other instance to show the rename' });

    const profile = await t.http().patch('/api/v1/merchant/shop').set(authHeader(token)).send({ slogan: 'Recién tostado' });
    expect(profile.status).toBe(200);
    expect((await get(t, `/api/v1/storefront/${tenant.slug}`)).body.data.slogan).toBe('Recién tostado');
    await waitFor(async () => (await get(other, `/api/v1/storefront/${tenant.slug}`)).body.data.slogan === 'Recién tostado', {
      what: 'the other instance to show the new slogan',
    });
  });

  it('keeps the pages of the cursors it issued, and none for made-up ones', async () => {
    const { tenant } = await createShop(t);
    for (let i = 0; i < 5; i++) await createProduct(t, tenant.id, { name: `P${i}` });
    const path = `/api/v1/storefront/${tenant.slug}/products?limit=2`;
    const first = await get(t, path);
    const second = await get(t, `${path}&cursor=${first.body.next_cursor}`);
    expect(second.status).toBe(200);
    const kept = await get(t, `${path}&cursor=${first.body.next_cursor}`);
    expect(kept.headers.age).toBeDefined();
    const forged = `${path}&cursor=${Buffer.from(JSON.stringify(['storefront-products', 'p0', 1])).toString('base64url')}`;
    expect((await get(t, forged)).status).toBe(200);
    expect((await get(t, forged)).headers.age).toBeUndefined();
  });
});
