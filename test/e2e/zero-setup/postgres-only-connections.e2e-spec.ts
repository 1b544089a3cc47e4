import { Client } from 'pg';
import { runMigrations } from '@infra/database/run-migrations';
import { QUEUE_POOL_APPLICATION_NAME } from '@infra/queue/postgres-queue-pool';
import { createProduct, createShop, orderBody } from '@test/support/commerce-factories';
import { describeIf, requirements } from '@test/support/conditions';
import { placeOrder, trackEvent } from '@test/support/http-clients';
import { useStarted } from '@test/support/lifecycle';
import { usePostgresServer } from '@test/support/private-servers';
import { createTestApp, useTestApp } from '@test/support/test-app';
import { waitFor } from '@test/support/wait';

/** Processors of the service (`@Processor`): each worker holds one LISTEN connection. */
const WORKERS = 9;
const DATABASE_POOL_SIZE = 5;
const QUEUE_DATABASE_POOL_SIZE = 4;
/** Socket.IO's PostgreSQL adapter: a pool of 2, one of them its LISTEN. */
const SOCKET_IO = 2;
/** The catalog changes channel's LISTEN (docs/storefront.md, "When PostgreSQL or Redis is away"). */
const CATALOG_CHANGES = 1;
/**
 * The checks that PostgreSQL answers at all, while a statement has waited
 * DATABASE_UNRESPONSIVE_CHECK_MS: one at a time for the app's pool, and one for the queues' pool.
 */
const UNRESPONSIVE_CHECK = 2;
/** What one process that serves and runs the workers may hold at most (docs/operations.md, "Queues on PostgreSQL"). */
const PER_PROCESS = DATABASE_POOL_SIZE + QUEUE_DATABASE_POOL_SIZE + WORKERS + SOCKET_IO + CATALOG_CHANGES + UNRESPONSIVE_CHECK;

/** A connection of its own that reads `pg_stat_activity` (its own backend named `sampler`). */
function useSampler(url: () => string): { client: Client } {
  return useStarted(
    async () => {
      const client = new Client({ connectionString: url(), application_name: 'sampler' });
      await client.connect();
      return { client };
    },
    ({ client }) => client.end(),
  );
}

/**
 * PostgreSQL-only mode keeps the queues in PostgreSQL: two processes serving and working at once
 * stay within a bounded number of connections (one queue pool per process, not one per queue), on
 * a server whose max_connections is below what a pool per queue would take under the same burst.
 * The server is private, so every connection it counts is one of these two apps (and the sampler).
 */
describeIf(requirements.postgresBinaries)('PostgreSQL-only mode: connections of two processes on one server', () => {
  jest.setTimeout(120_000);
  const postgres = usePostgresServer({ max_connections: 2 * PER_PROCESS + 6 });
  useStarted(async () => ({ applied: await runMigrations(postgres.url) }));
  const env = () => ({
    DATABASE_URL: postgres.url,
    REDIS_URL: '',
    STORE_BACKEND: '',
    QUEUE_BACKEND: '',
    DATABASE_POOL_SIZE: String(DATABASE_POOL_SIZE),
    QUEUE_DATABASE_POOL_SIZE: String(QUEUE_DATABASE_POOL_SIZE),
  });
  const one = useTestApp(() => ({ role: 'all', env: env() }));
  const two = useTestApp(() => ({ role: 'all', env: env() }));
  const sampler = useSampler(() => postgres.url);

  async function connections(): Promise<{ total: number; queuePools: number }> {
    const [row] = (
      await sampler.client.query<{ total: number; queue_pools: number }>(
        `SELECT count(*)::int AS total, count(*) FILTER (WHERE application_name = $1)::int AS queue_pools
           FROM pg_stat_activity WHERE backend_type = 'client backend' AND application_name <> 'sampler'`,
        [QUEUE_POOL_APPLICATION_NAME],
      )
    ).rows;
    return { total: row.total, queuePools: row.queue_pools };
  }

  it('a burst of orders and tracked events over both is served and worked off within the bound', async () => {
    const shop = await createShop(one);
    const product = await createProduct(one, shop.tenant.id, { stock: null });
    const peak = { total: 0, queuePools: 0 };
    let sampling = true;
    const sampled = (async () => {
      while (sampling) {
        const now = await connections();
        peak.total = Math.max(peak.total, now.total);
        peak.queuePools = Math.max(peak.queuePools, now.queuePools);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();

    const both = (i: number) => (i % 2 ? one : two);
    const [orders, tracked] = await Promise.all([
      Promise.all(Array.from({ length: 30 }, (_, i) => placeOrder(both(i), shop.tenant.id, orderBody([{ product_id: product.id }])))),
      Promise.all(Array.from({ length: 60 }, (_, i) => trackEvent(both(i), shop.tenant.id, { i }))),
    ]);
    expect(orders.map((res) => res.status)).toEqual(Array(30).fill(201));
    expect(tracked.map((res) => res.status)).toEqual(Array(60).fill(202));

    // The workers fan the orders out (outbox relay, consumers, in-app notifications) and store the events.
    const count = async (sql: string, id = shop.tenant.id) => Number((await one.db.query(sql, [id]))[0].n);
    await waitFor(async () => (await count('SELECT count(*)::int AS n FROM analytics_events WHERE tenant_id = $1')) === 60, {
      timeoutMs: 30_000,
      what: 'every tracked event stored',
    });
    await waitFor(
      async () =>
        (await count(`SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND type = 'new_order'`, shop.owner.id)) === 30,
      { timeoutMs: 30_000, what: 'a notification for every order' },
    );
    sampling = false;
    await sampled;

    // The queue pools were used, and each stayed within its size.
    expect(peak.queuePools).toBeGreaterThan(0);
    expect(peak.queuePools).toBeLessThanOrEqual(2 * QUEUE_DATABASE_POOL_SIZE);
    expect(peak.total).toBeLessThanOrEqual(2 * PER_PROCESS);
  });
});

describeIf(requirements.postgresBinaries)('PostgreSQL-only mode: connections of a closed process', () => {
  const postgres = usePostgresServer();
  useStarted(async () => ({ applied: await runMigrations(postgres.url) }));
  const sampler = useSampler(() => postgres.url);
  const others = async () =>
    Number(
      (
        await sampler.client.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'client backend' AND application_name <> 'sampler'`,
        )
      ).rows[0].n,
    );

  it('leaves none behind: the shared queue pool ends with its last queue, not after its idle timeout', async () => {
    const app = await createTestApp({
      role: 'all',
      env: { DATABASE_URL: postgres.url, REDIS_URL: '', STORE_BACKEND: '', QUEUE_BACKEND: '' },
    });
    await trackEvent(app, (await createShop(app)).tenant.id).expect(202);
    expect(await others()).toBeGreaterThan(0);
    await app.close();
    // Well within the pool's 1 s idle timeout: the connections are gone because the pool ended.
    await waitFor(async () => (await others()) === 0, { timeoutMs: 500, what: 'every connection of the closed process gone' });
  });
});
