import { acceptsGzip, matchesEntityTag, PageCache, renderedPage } from './page-cache';

describe('PageCache', () => {
  it('renders a key once while fresh, again once older than its time to live', async () => {
    let now = 1_000;
    const cache = new PageCache(10, 5_000, () => now);
    let renders = 0;
    const render = () => Promise.resolve(renderedPage(200, `<p>${++renders}</p>`, now));
    await cache.get('a', render);
    now += 4_999;
    expect((await cache.get('a', render)).html.toString()).toBe('<p>1</p>');
    now += 1;
    expect((await cache.get('a', render)).html.toString()).toBe('<p>2</p>');
  });

  it('shares one render between concurrent misses', async () => {
    const cache = new PageCache(10, 5_000);
    let renders = 0;
    const render = async () => {
      renders++;
      await new Promise((resolve) => setImmediate(resolve));
      return renderedPage(200, 'x', Date.now());
    };
    await Promise.all(Array.from({ length: 20 }, () => cache.get('k', render)));
    expect(renders).toBe(1);
  });

  it('keeps at most its bound, dropping the least recently used', async () => {
    const cache = new PageCache(2, 60_000);
    const render = (body: string) => () => Promise.resolve(renderedPage(200, body, Date.now()));
    await cache.get('a', render('a'));
    await cache.get('b', render('b'));
    await cache.get('a', render('a2'));
    await cache.get('c', render('c'));
    expect(cache.size).toBe(2);
    expect((await cache.get('a', render('a3'))).html.toString()).toBe('a');
    expect((await cache.get('b', render('b2'))).html.toString()).toBe('b2');
  });

  it('forgets a failed render', async () => {
    const cache = new PageCache(2, 60_000);
    await expect(cache.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect((await cache.get('a', () => Promise.resolve(renderedPage(200, 'ok', Date.now())))).html.toString()).toBe('ok');
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
