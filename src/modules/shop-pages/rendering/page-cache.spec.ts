import { gunzipSync } from 'node:zlib';
import { DependencyUnavailableError } from '@common/errors/dependency-unavailable';
import { acceptsGzip, matchesEntityTag, PageCache, pageBytes, renderedPage, type RenderedPage } from './page-cache';

const KIB = 1024;

describe('PageCache', () => {
  const cacheOf = (options: { maxBytes?: number; ttlMs?: number; maxPageBytes?: number; clock?: () => number }) =>
    new PageCache({ maxBytes: options.maxBytes ?? 1024 * KIB, ttlMs: options.ttlMs ?? 60_000, ...options });
  /** A page of about `size` bytes of HTML that gzip cannot shrink much (random text). */
  const pageOf = (label: string, size: number, now = Date.now()) =>
    renderedPage(
      200,
      label +
        Buffer.from(Array.from({ length: size }, () => Math.floor(Math.random() * 256)))
          .toString('base64')
          .slice(0, size),
      now,
    );

  it('renders a key once while fresh, again once older than its time to live', async () => {
    let now = 1_000;
    const cache = cacheOf({ ttlMs: 5_000, clock: () => now });
    let renders = 0;
    const render = () => renderedPage(200, `<p>${++renders}</p>`, now);
    await cache.get('a', render);
    now += 4_999;
    expect((await cache.get('a', render)).html.toString()).toBe('<p>1</p>');
    now += 1;
    expect((await cache.get('a', render)).html.toString()).toBe('<p>2</p>');
  });

  it('shares one render between concurrent misses', async () => {
    const cache = cacheOf({});
    let renders = 0;
    const render = async () => {
      renders++;
      await new Promise((resolve) => setImmediate(resolve));
      return renderedPage(200, 'x', Date.now());
    };
    await Promise.all(Array.from({ length: 20 }, () => cache.get('k', render)));
    expect(renders).toBe(1);
  });

  it('holds its bytes under the bound, dropping the least recently used pages first', async () => {
    const cache = cacheOf({ maxBytes: 100 * KIB });
    const pages: Record<string, RenderedPage> = {};
    for (const key of ['a', 'b', 'c']) pages[key] = await cache.get(key, () => pageOf(key, 15 * KIB));
    // 'a' used again: 'b' is now the least recently used.
    expect(await cache.get('a', () => pageOf('a2', 15 * KIB))).toBe(pages.a);
    await cache.get('d', () => pageOf('d', 15 * KIB));
    expect(cache.size).toBe(3);
    expect(cache.totalBytes).toBeLessThanOrEqual(100 * KIB);
    expect(await cache.get('a', () => pageOf('a3', 15 * KIB))).toBe(pages.a);
    expect(await cache.get('c', () => pageOf('c2', 15 * KIB))).toBe(pages.c);
    expect((await cache.get('b', () => pageOf('b2', 15 * KIB))).html.toString()).toMatch(/^b2/);
  });

  it('makes room for a large page by evicting as many small ones as its size needs', async () => {
    const cache = cacheOf({ maxBytes: 200 * KIB });
    for (let i = 0; i < 40; i++) await cache.get(`small-${i}`, () => pageOf(`s${i}`, 2 * KIB));
    expect(cache.size).toBe(40);
    const before = cache.totalBytes;
    const large = await cache.get('large', () => pageOf('large', 60 * KIB));
    expect(cache.totalBytes).toBeLessThanOrEqual(200 * KIB);
    expect(cache.totalBytes).toBeGreaterThan(before);
    expect(cache.size).toBeLessThan(41);
    expect(await cache.get('large', () => pageOf('other', 1))).toBe(large);
    // The oldest small ones went, the newest stayed.
    let rendered = false;
    await cache.get('small-39', () => ((rendered = true), pageOf('again', 1)));
    expect(rendered).toBe(false);
    await cache.get('small-0', () => ((rendered = true), pageOf('again', 1)));
    expect(rendered).toBe(true);
  });

  it('never keeps a page over its page bound (1 MiB by default), and never one over the whole bound', async () => {
    const cache = cacheOf({ maxBytes: 32 * 1024 * KIB });
    const render = jest.fn(() => pageOf('huge', 1024 * KIB));
    const first = await cache.get('huge', render);
    expect(pageBytes(first)).toBeGreaterThan(1024 * KIB);
    expect(cache.size).toBe(0);
    expect(cache.totalBytes).toBe(0);
    await cache.get('huge', render);
    expect(render).toHaveBeenCalledTimes(2);

    const small = cacheOf({ maxBytes: 10 * KIB, maxPageBytes: 1024 * KIB });
    await small.get('k', () => pageOf('k', 20 * KIB));
    expect(small.size).toBe(0);
  });

  it('drops expired entries as new pages come in, so their bytes are freed', async () => {
    let now = 1_000;
    const cache = cacheOf({ ttlMs: 10_000, clock: () => now });
    for (let i = 0; i < 10; i++) await cache.get(`old-${i}`, () => pageOf(`o${i}`, 4 * KIB, now));
    const oldBytes = cache.totalBytes;
    now += 10_000;
    await cache.get('new', () => pageOf('n', 4 * KIB, now));
    expect(cache.size).toBe(1);
    expect(cache.totalBytes).toBeLessThan(oldBytes / 5);
  });

  it('forgets a failed render', async () => {
    const cache = cacheOf({});
    await expect(cache.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect((await cache.get('a', () => renderedPage(200, 'ok', Date.now()))).html.toString()).toBe('ok');
  });
});

describe('PageCache: last good copies and invalidation', () => {
  const down = () => Promise.reject(new DependencyUnavailableError('postgres', 'stopped'));
  const SHOP = '6f1c1b64-0c51-4a43-9d2f-3f0c2a8d9e01';
  const OTHER = '0b8e8f7e-4a7e-4c53-8e44-5f0d1c2b3a4d';

  it('answers with the last page of a key while a render fails for an outage, up to staleMs, and keeps it as it was', async () => {
    let now = 1_000;
    const cache = new PageCache({ maxBytes: 1024 * KIB, ttlMs: 10_000, staleMs: 600_000, clock: () => now });
    const page = await cache.get('a', () => renderedPage(200, '<p>1</p>', now, SHOP));
    now += 599_999;
    expect(await cache.get('a', down)).toBe(page);
    // A statement PostgreSQL cancelled (its time limit) is answered 503 too.
    const cancelled = Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
    expect(await cache.get('a', () => Promise.reject(cancelled))).toBe(page);
    // Not fresh again: the next request tries a render first.
    let renders = 0;
    expect((await cache.get('a', () => (renders++, renderedPage(200, '<p>2</p>', now, SHOP)))).html.toString()).toBe('<p>2</p>');
    expect(renders).toBe(1);
    now += 600_000;
    await expect(cache.get('a', down)).rejects.toBeInstanceOf(DependencyUnavailableError);
  });

  it('fails as the render did: for any other error, with no page kept, without staleMs, and for a 404 page', async () => {
    let now = 1_000;
    const cache = new PageCache({ maxBytes: 1024 * KIB, ttlMs: 10_000, staleMs: 600_000, clock: () => now });
    await cache.get('a', () => renderedPage(200, 'a', now, SHOP));
    await cache.get('gone', () => renderedPage(404, 'none', now, null));
    now += 10_000;
    await expect(cache.get('a', () => Promise.reject(new Error('bug')))).rejects.toThrow('bug');
    await expect(cache.get('never', down)).rejects.toBeInstanceOf(DependencyUnavailableError);
    await expect(cache.get('gone', down)).rejects.toBeInstanceOf(DependencyUnavailableError);
    const fresh = new PageCache({ maxBytes: 1024 * KIB, ttlMs: 10_000, clock: () => now });
    await fresh.get('a', () => renderedPage(200, 'a', now, SHOP));
    now += 10_000;
    await expect(fresh.get('a', down)).rejects.toBeInstanceOf(DependencyUnavailableError);
  });

  it("drops a shop's pages when it changes, fresh or old, and only that shop's", async () => {
    const cache = new PageCache({ maxBytes: 1024 * KIB, ttlMs: 10_000, staleMs: 600_000 });
    await cache.get('shop-es', () => renderedPage(200, 'es', Date.now(), SHOP));
    await cache.get('shop-en', () => renderedPage(200, 'en', Date.now(), SHOP));
    await cache.get('other', () => renderedPage(200, 'other', Date.now(), OTHER));
    cache.invalidate(SHOP);
    expect(cache.keys()).toEqual(['other']);
    await expect(cache.get('shop-es', down)).rejects.toBeInstanceOf(DependencyUnavailableError);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(cache.totalBytes).toBe(0);
  });

  it('never keeps a page whose render began before a change of its shop', async () => {
    const cache = new PageCache({ maxBytes: 1024 * KIB, ttlMs: 10_000, staleMs: 600_000 });
    let finish: () => void = () => undefined;
    const rendering = cache.get(
      'a',
      () => new Promise<RenderedPage>((resolve) => (finish = () => resolve(renderedPage(200, 'old', Date.now(), SHOP)))),
    );
    cache.invalidate(SHOP);
    finish();
    expect((await rendering).html.toString()).toBe('old');
    expect(cache.size).toBe(0);
    // A render that begins after the change is kept.
    await cache.get('a', () => renderedPage(200, 'new', Date.now(), SHOP));
    expect(cache.keys()).toEqual(['a']);
  });

  it('counts its old pages in its byte bound', async () => {
    let now = 1_000;
    const cache = new PageCache({ maxBytes: 100 * KIB, ttlMs: 10_000, staleMs: 600_000, clock: () => now });
    for (let i = 0; i < 20; i++) {
      await cache.get(`p${i}`, () =>
        renderedPage(200, Buffer.from(Array.from({ length: 15 * KIB }, (_, j) => (i * 31 + j * 7) % 256)).toString('base64'), now, SHOP),
      );
      now += 11_000;
      expect(cache.totalBytes).toBeLessThanOrEqual(100 * KIB);
    }
    expect(cache.size).toBeLessThan(20);
  });
});

describe('renderedPage', () => {
  it('holds the HTML, its gzipped copy and a tag for each', async () => {
    const page = await renderedPage(200, '<p>hola</p>'.repeat(100), 5);
    expect(gunzipSync(page.gzipped).toString()).toBe('<p>hola</p>'.repeat(100));
    expect(page.gzippedEtag).toBe(page.etag.replace(/"$/, '-gzip"'));
    expect(page.renderedAt).toBe(5);
  });
});

describe('matchesEntityTag', () => {
  it('matches the tag, its weak form, a list holding it and *', () => {
    expect(matchesEntityTag('"abc"', '"abc"')).toBe(true);
    expect(matchesEntityTag('W/"abc"', '"abc"')).toBe(true);
    expect(matchesEntityTag('"x", "abc"', '"abc"')).toBe(true);
    expect(matchesEntityTag('*', '"abc"')).toBe(true);
    expect(matchesEntityTag('"abd"', '"abc"')).toBe(false);
    expect(matchesEntityTag(undefined, '"abc"')).toBe(false);
  });
});

describe('acceptsGzip', () => {
  it('takes gzip when named or covered by *, unless refused with q=0', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
