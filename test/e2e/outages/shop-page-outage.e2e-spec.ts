import { randomUUID } from 'node:crypto';
import { runMigrations } from '@infra/database/run-migrations';
import { createProduct, createShop } from '@test/support/commerce-factories';
import { describeIf, requirements } from '@test/support/conditions';
import { authHeader } from '@test/support/factories';
import { useStarted } from '@test/support/lifecycle';
import { usePostgresServer } from '@test/support/private-servers';
import { useTestApp } from '@test/support/test-app';
import { settleFor, waitFor } from '@test/support/wait';

/**
 * The hosted shop pages and the catalog API while PostgreSQL is away (docs/storefront.md): their last
 * good copy, up to STALE_IF_ERROR_SECONDS old; with none, a page in the shopper's language, never JSON.
 */
/** How old a copy may be served; the pages are fresh for 10 s (shop-pages.module.ts). */
const STALE_SECONDS = 20;
const FRESH_MS = 10_000;

describeIf(requirements.postgresBinaries)('Shop pages during a PostgreSQL outage', () => {
  jest.setTimeout(90_000);
  let postgresDown = false;
  // Runs before the hooks below stop the app: an app never closes against a server a failed test left stopped.
  afterAll(async () => {
    if (postgresDown) await postgres.restart();
  });
  const postgres = usePostgresServer();
  useStarted(async () => ({ applied: await runMigrations(postgres.url) }));
  const t = useTestApp(() => ({
    role: 'api',
    env: {
      DATABASE_URL: postgres.url,
      QUEUE_PREFIX: `shop-outage-${randomUUID().slice(0, 8)}`,
      AUTH_TOKEN_CACHE_MS: '0',
      // Past the pages' 10 s of freshness, yet short enough to see run out.
      STALE_IF_ERROR_SECONDS: String(STALE_SECONDS),
    },
  }));

  it('answers a page it cannot render with an HTML 503 in the page language and Retry-After; the API keeps its JSON 503', async () => {
    const { tenant } = await createShop(t);
    await createProduct(t, tenant.id, { name: 'Café molido' });
    const slug = tenant.slug;
    // Positive control: the page while PostgreSQL is up.
    const up = await t.http().get(`/s/${slug}`);
    expect(up.status).toBe(200);
    expect(up.text).toContain('Café molido');

    await postgres.stopImmediately();
    postgresDown = true;

    // A search never asked before: nothing cached to answer with.
    const spanish = await t.http().get(`/s/${slug}?q=te`).timeout(10_000);
    expect(spanish.status).toBe(503);
    expect(spanish.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(spanish.headers['retry-after']).toBe('5');
    expect(spanish.headers['content-language']).toBe('es');
    expect(spanish.headers['cache-control']).toBe('no-store');
    expect(spanish.headers['content-security-policy']).toContain("default-src 'none'");
    expect(spanish.text).toMatch(/^<!DOCTYPE html><html lang="es">/);
    expect(spanish.text).toContain('<h1>Tienda no disponible por un momento</h1>');

    const english = await t.http().get(`/s/${slug}/checkout`).set('Accept-Language', 'en-US,en;q=0.9').timeout(10_000);
    expect(english.status).toBe(503);
    expect(english.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(english.text).toMatch(/^<!DOCTYPE html><html lang="en">/);
    expect(english.text).toContain('<h1>Shop briefly unavailable</h1>');

    // The catalog API is JSON, and so is its 503.
    const api = await t.http().get(`/api/v1/storefront/${slug}`).timeout(10_000);
    expect(api.status).toBe(503);
    expect(api.headers['content-type']).toMatch(/^application\/json/);
    expect(api.body).toEqual({ message: 'Service temporarily unavailable.' });

    await postgres.restart();
    postgresDown = false;
  });

  it('serves the last good page and catalog answer with Age, a change made before the outage included; past STALE_IF_ERROR_SECONDS the 503s', async () => {
    await waitFor(async () => (await t.http().get('/health/ready')).status === 200, { what: 'PostgreSQL to be back' });
    const { tenant, token } = await createShop(t);
    const product = await createProduct(t, tenant.id, { name: 'Café molido' });
    const slug = tenant.slug;
    // Seen before the change: the page, a search and the catalog.
    expect((await t.http().get(`/s/${slug}`)).text).toContain('Café molido');
    expect((await t.http().get(`/s/${slug}?q=cafe`)).text).toContain('Café molido');
    expect((await t.http().get(`/api/v1/storefront/${slug}/products`)).body.data[0].name).toBe('Café molido');

    const changed = await t.http().patch(`/api/v1/merchant/products/${product.id}`).set(authHeader(token)).send({ name: 'Café en grano' });
    expect(changed.status).toBe(200);
    // Seen after the change: the page and the catalog, not the search.
    const before = await t.http().get(`/s/${slug}`);
    const renderedAt = Date.now();
    expect(before.text).toContain('Café en grano');
    const productsBefore = await t.http().get(`/api/v1/storefront/${slug}/products`);
    expect(productsBefore.body.data[0].name).toBe('Café en grano');
    const shopBefore = await t.http().get(`/api/v1/storefront/${slug}`);
    expect(shopBefore.status).toBe(200);

    await postgres.stopImmediately();
    postgresDown = true;
    await settleFor(Math.max(0, renderedAt + FRESH_MS - Date.now()), "the page's 10 s of freshness must run out");

    const page = await t.http().get(`/s/${slug}`).timeout(10_000);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Café en grano');
    expect(page.text).not.toContain('Café molido');
    expect(Number(page.headers.age)).toBeGreaterThanOrEqual(FRESH_MS / 1000);
    expect(page.headers['cache-control']).toBe('public, max-age=30, stale-while-revalidate=300');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect((await t.http().get(`/s/${slug}`).set('If-None-Match', page.headers.etag).timeout(10_000)).status).toBe(304);

    const products = await t.http().get(`/api/v1/storefront/${slug}/products`).timeout(10_000);
    expect(products.status).toBe(200);
    expect(products.body).toEqual(productsBefore.body);
    expect(products.headers.etag).toBe(productsBefore.headers.etag);
    expect(products.headers.age).toMatch(/^\d+$/);
    const shop = await t.http().get(`/api/v1/storefront/${slug}`).timeout(10_000);
    expect(shop.status).toBe(200);
    expect(shop.body).toEqual(shopBefore.body);
    expect(shop.headers.age).toMatch(/^\d+$/);
    const notModified = await t.http().get(`/api/v1/storefront/${slug}`).set('If-None-Match', shopBefore.headers.etag).timeout(10_000);
    expect(notModified.status).toBe(304);

    // The search was last seen before the change: its copy went with the change, never served now.
    const search = await t.http().get(`/s/${slug}?q=cafe`).timeout(10_000);
    expect(search.status).toBe(503);
    expect(search.headers['content-type']).toBe('text/html; charset=utf-8');

    // Past STALE_IF_ERROR_SECONDS, nothing is left to serve.
    const gone = await waitFor(
      async () => {
        const res = await t.http().get(`/s/${slug}`).timeout(10_000);
        return res.status === 503 ? res : null;
      },
      { timeoutMs: (STALE_SECONDS + 20) * 1000, intervalMs: 500, what: 'the page copy to grow too old' },
    );
    expect(gone.text).toContain('<h1>Tienda no disponible por un momento</h1>');
    expect(gone.headers['retry-after']).toBe('5');
    const api = await t.http().get(`/api/v1/storefront/${slug}/products`).timeout(10_000);
    expect(api.status).toBe(503);
    expect(api.body).toEqual({ message: 'Service temporarily unavailable.' });

    await postgres.restart();
    postgresDown = false;
  });
});
