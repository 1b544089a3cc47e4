import { DependencyUnavailableError, isDependencyUnavailable } from '@common/errors/dependency-unavailable';
import { CatalogCopies, type CatalogRead } from './catalog-copies';

const SHOP = '6f1c1b64-0c51-4a43-9d2f-3f0c2a8d9e01';
const OTHER = '0b8e8f7e-4a7e-4c53-8e44-5f0d1c2b3a4d';
const KIB = 1024;

const answer = (data: string, tenantId = SHOP, nextKey: string | null = null): CatalogRead => ({
  json: JSON.stringify({ data }),
  etag: `"${data}"`,
  tenantId,
  nextKey,
});
const down = (): Promise<CatalogRead> => Promise.reject(new DependencyUnavailableError('postgres', 'stopped'));

/** A read that settles when told to, counting how often it was started. */
function gate(result: CatalogRead) {
  let open: () => void = () => undefined;
  const state = { calls: 0 };
  const fetch = () => {
    state.calls += 1;
    return new Promise<CatalogRead>((resolve) => (open = () => resolve(result)));
  };
  return { fetch, state, open: () => open() };
}

describe('CatalogCopies', () => {
  let now = 1_000;
  const copiesOf = (options: { maxBytes?: number; freshMs?: number; staleMs?: number } = {}) =>
    new CatalogCopies({ maxBytes: 1024 * KIB, freshMs: 10_000, staleMs: 600_000, ...options, clock: () => now });
  const read = (copies: CatalogCopies, key: string, fetch: () => Promise<CatalogRead>, issuedOnly = false) =>
    copies.read(key, fetch, isDependencyUnavailable, issuedOnly);

  beforeEach(() => {
    now = 1_000;
  });

  it('serves an answer from memory while it is fresh, without reading, then reads again', async () => {
    const copies = copiesOf();
    const fetch = jest.fn(() => Promise.resolve(answer('one')));
    expect(await read(copies, 'k', fetch)).toEqual({
      copy: { json: '{"data":"one"}', etag: '"one"', tenantId: SHOP, storedAt: 1_000 },
      from: 'database',
    });
    now += 9_999;
    expect((await read(copies, 'k', fetch)).from).toBe('memory');
    expect(fetch).toHaveBeenCalledTimes(1);
    now += 1;
    expect((await read(copies, 'k', fetch)).from).toBe('database');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('reads every time with no freshness, as before', async () => {
    const copies = copiesOf({ freshMs: 0 });
    const fetch = jest.fn(() => Promise.resolve(answer('one')));
    await read(copies, 'k', fetch);
    expect((await read(copies, 'k', fetch)).from).toBe('database');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('shares one read among concurrent misses of one key, and not across keys', async () => {
    const copies = copiesOf();
    const one = gate(answer('one'));
    const readers = Array.from({ length: 20 }, () => read(copies, 'k', one.fetch));
    const other = read(copies, 'other', () => Promise.resolve(answer('two')));
    one.open();
    const answers = await Promise.all(readers);
    expect(one.state.calls).toBe(1);
    expect(new Set(answers.map((a) => a.copy)).size).toBe(1);
    expect((await other).copy.json).toBe('{"data":"two"}');
    expect((await read(copies, 'k', one.fetch)).from).toBe('memory');
  });

  it('shares a failing read too, and each caller gets its failure', async () => {
    const copies = copiesOf();
    let calls = 0;
    const failing = () => {
      calls += 1;
      return Promise.reject(new Error('not found'));
    };
    const results = await Promise.allSettled([read(copies, 'k', failing), read(copies, 'k', failing)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(calls).toBe(1);
  });

  it("drops a shop's answers when it changes, and never keeps a read that began before the change", async () => {
    const copies = copiesOf();
    await read(copies, 'a', () => Promise.resolve(answer('a')));
    await read(copies, 'b', () => Promise.resolve(answer('b', OTHER)));
    copies.invalidate(SHOP);
    expect(copies.copy('a')).toBeNull();
    expect((await read(copies, 'b', () => Promise.resolve(answer('b2', OTHER)))).from).toBe('memory');

    const slow = gate(answer('old'));
    const reading = read(copies, 'a', slow.fetch);
    copies.invalidate(SHOP);
    slow.open();
    expect((await reading).copy.json).toBe('{"data":"old"}');
    expect(copies.copy('a')).toBeNull();
    // The next request reads again, and that answer is kept.
    const fresh = await read(copies, 'a', () => Promise.resolve(answer('new')));
    expect(fresh).toMatchObject({ from: 'database', copy: { json: '{"data":"new"}' } });
    expect((await read(copies, 'a', down)).from).toBe('memory');

    copies.clear();
    expect(copies.size).toBe(0);
    expect(copies.totalBytes).toBe(0);
  });

  it('answers the last good copy while the read fails for an outage, up to its age limit; any other failure forgets it', async () => {
    const copies = copiesOf();
    await read(copies, 'k', () => Promise.resolve(answer('one')));
    now += 15_000;
    expect(await read(copies, 'k', down)).toEqual({
      copy: expect.objectContaining({ json: '{"data":"one"}', storedAt: 1_000 }),
      from: 'stale',
    });
    now += 585_000;
    await expect(read(copies, 'k', down)).rejects.toBeInstanceOf(DependencyUnavailableError);

    await read(copies, 'j', () => Promise.resolve(answer('two')));
    now += 20_000;
    await expect(read(copies, 'j', () => Promise.reject(new Error('not found')))).rejects.toThrow('not found');
    await expect(read(copies, 'j', down)).rejects.toBeInstanceOf(DependencyUnavailableError);
  });

  it('holds its bytes under the bound, least recently used out first', async () => {
    const copies = copiesOf({ maxBytes: 64 * KIB });
    const big = 'x'.repeat(10 * KIB);
    for (let i = 0; i < 10; i++) await read(copies, `k${i}`, () => Promise.resolve(answer(`${i}${big}`)));
    expect(copies.totalBytes).toBeLessThanOrEqual(64 * KIB);
    expect(copies.copy('k9')).not.toBeNull();
    expect(copies.copy('k0')).toBeNull();
    // An answer larger than the whole budget is served and not kept.
    const huge = await read(copies, 'huge', () => Promise.resolve(answer('y'.repeat(40 * KIB))));
    expect(huge.from).toBe('database');
    expect(copies.copy('huge')).toBeNull();
  });

  it('keeps a page named by a cursor only when a page it holds issued that cursor: forged cursors leave nothing', async () => {
    const copies = copiesOf({ maxBytes: 256 * KIB });
    for (let i = 0; i < 5_000; i++) await read(copies, `forged-${i}`, () => Promise.resolve(answer(`p${i}`)), true);
    expect(copies.size).toBe(0);
    expect(copies.totalBytes).toBe(0);

    await read(copies, 'page-1', () => Promise.resolve(answer('first', SHOP, 'page-2')));
    expect((await read(copies, 'page-2', () => Promise.resolve(answer('second')), true)).from).toBe('database');
    expect((await read(copies, 'page-2', down, true)).from).toBe('memory');
    // Once the page that issued it is gone, a new read of the cursor's page is not kept.
    copies.invalidate(SHOP);
    await read(copies, 'page-2', () => Promise.resolve(answer('second')), true);
    expect(copies.copy('page-2')).toBeNull();
  });

  it('stays within its bytes however many distinct searches come', async () => {
    const copies = copiesOf({ maxBytes: 128 * KIB });
    for (let i = 0; i < 20_000; i++) await read(copies, `search-${i}`, () => Promise.resolve(answer(`result ${i} ${'z'.repeat(200)}`)));
    expect(copies.totalBytes).toBeLessThanOrEqual(128 * KIB);
    expect(copies.size).toBeLessThan(200);
  });

  it('keeps nothing when neither freshness nor a stale copy is allowed', async () => {
    const none = copiesOf({ freshMs: 0, staleMs: 0 });
    await read(none, 'k', () => Promise.resolve(answer('one')));
    expect(none.size).toBe(0);
  });
});
