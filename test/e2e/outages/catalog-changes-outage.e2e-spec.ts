import { randomUUID } from 'node:crypto';
import { runMigrations } from '@infra/database/run-migrations';
import { SHOP_PAGE_CACHE } from '@modules/shop-pages/queries/show-shop-page/show-shop-page.handler';
import type { PageCache } from '@modules/shop-pages/rendering/page-cache';
import { CatalogCopies } from '@modules/storefront/catalog-copies';
import { createProduct, createShop } from '@test/support/commerce-factories';
import { describeIf, requirements } from '@test/support/conditions';
import { useStarted } from '@test/support/lifecycle';
import { usePostgresServer, useRedisServer } from '@test/support/private-servers';
import { type TestApp, useTestApp } from '@test/support/test-app';
import { waitFor } from '@test/support/wait';

/** A shop's page and catalog answer read, so that the instance holds a copy of each. */
async function readShop(t: TestApp): Promise<string> {
  const { tenant } = await createShop(t);
  await createProduct(t, tenant.id, { name: 'Mate' });
  expect((await t.http().get(`/s/${tenant.slug}`)).status).toBe(200);
  expect((await t.http().get(`/api/v1/storefront/${tenant.slug}`)).status).toBe(200);
  return tenant.slug;
}

function holdsCopies(t: TestApp, slug: string): boolean {
  return (
    t
      .get<PageCache>(SHOP_PAGE_CACHE)
      .keys()
      .some((key) => key.startsWith(`["${slug}"`)) && t.get(CatalogCopies).copy(JSON.stringify(['shop', slug])) !== null
  );
}

/**
 * Changes published while an instance's listening connection was lost never reach it: once it
 * listens again, it drops every copy it holds (docs/storefront.md, "When PostgreSQL or Redis is away").
 */
describeIf(requirements.redisServer)('Catalog changes channel: Redis lost and back', () => {
  jest.setTimeout(90_000);
  const redis = useRedisServer();
  const t = useTestApp(() => ({
    role: 'api',
    env: { REDIS_URL: redis.url, STORE_BACKEND: 'redis', QUEUE_BACKEND: 'redis', QUEUE_PREFIX: `changes-${randomUUID().slice(0, 8)}` },
  }));

  it('drops every copy once its subscription is renewed after Redis was killed', async () => {
    const slug = await readShop(t);
    expect(holdsCopies(t, slug)).toBe(true);
    await redis.kill();
    await redis.restart();
    await waitFor(() => !holdsCopies(t, slug), { what: 'the copies dropped after the subscription is renewed' });
  });
});

describeIf(requirements.postgresBinaries)('Catalog changes channel: PostgreSQL lost and back (PostgreSQL-only mode)', () => {
  jest.setTimeout(90_000);
  let postgresDown = false;
  afterAll(async () => {
    if (postgresDown) await postgres.restart();
  });
  const postgres = usePostgresServer();
  useStarted(async () => ({ applied: await runMigrations(postgres.url) }));
  const t = useTestApp(() => ({
    role: 'api',
    env: {
      DATABASE_URL: postgres.url,
      REDIS_URL: '',
      STORE_BACKEND: 'postgres',
      QUEUE_BACKEND: 'postgres',
      QUEUE_PREFIX: `changes-${randomUUID().slice(0, 8)}`,
    },
  }));

  it('drops every copy once its LISTEN is renewed after PostgreSQL was stopped', async () => {
    const slug = await readShop(t);
    await postgres.stopImmediately();
    postgresDown = true;
    // Kept while PostgreSQL is away: they are what the shop is served from.
    expect(holdsCopies(t, slug)).toBe(true);
    await postgres.restart();
    postgresDown = false;
    await waitFor(() => !holdsCopies(t, slug), { what: 'the copies dropped after LISTEN is renewed' });
  });
});
