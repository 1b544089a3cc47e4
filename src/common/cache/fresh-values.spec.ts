import { FreshValues } from './fresh-values';

const SHOP = '6f1c1b64-0c51-4a43-9d2f-3f0c2a8d9e01';
const OTHER = '0b8e8f7e-4a7e-4c53-8e44-5f0d1c2b3a4d';

interface Shop {
  id: string;
  name: string;
}

describe('FreshValues', () => {
  let now = 0;
  const valuesOf = (maxBytes = 1_000_000) =>
    new FreshValues<Shop | null>({
      freshMs: 10_000,
      maxBytes,
      tenantOf: (shop) => shop?.id ?? null,
      bytesOf: (shop) => (shop ? shop.name.length * 2 : 0),
      clock: () => now,
    });

  beforeEach(() => {
    now = 0;
  });

  it('serves a value while fresh, with one read for concurrent misses', async () => {
    const values = valuesOf();
    let release: () => void = () => undefined;
    let calls = 0;
    const read = jest.fn(() => {
      calls += 1;
      return calls === 1
        ? new Promise<Shop>((resolve) => (release = () => resolve({ id: SHOP, name: 'a' })))
        : Promise.resolve({ id: SHOP, name: 'a' });
    });
    const all = Promise.all([values.get('a', read), values.get('a', read), values.get('a', read)]);
    release();
    expect(await all).toEqual([
      { id: SHOP, name: 'a' },
      { id: SHOP, name: 'a' },
      { id: SHOP, name: 'a' },
    ]);
    now += 9_999;
    await values.get('a', read);
    expect(read).toHaveBeenCalledTimes(1);
    now += 1;
    await values.get('a', read);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it("drops a shop's values and every absence on a change, and keeps no read that began before it", async () => {
    const values = valuesOf();
    await values.get('a', () => Promise.resolve({ id: SHOP, name: 'a' }));
    await values.get('b', () => Promise.resolve({ id: OTHER, name: 'b' }));
    await values.get('missing', () => Promise.resolve(null));
    expect(values.size).toBe(3);
    values.invalidate(OTHER);
    expect(values.size).toBe(1);
    const again = jest.fn(() => Promise.resolve({ id: SHOP, name: 'a2' }));
    expect(await values.get('a', again)).toEqual({ id: SHOP, name: 'a' });
    expect(again).not.toHaveBeenCalled();

    let release: () => void = () => undefined;
    const slow = values.get('c', () => new Promise<null>((resolve) => (release = () => resolve(null))));
    values.invalidate(OTHER);
    release();
    await slow;
    const reread = jest.fn(() => Promise.resolve(null));
    await values.get('c', reread);
    expect(reread).toHaveBeenCalledTimes(1);
  });

  it('stays within its bytes for many distinct keys', async () => {
    const values = valuesOf(50_000);
    for (let i = 0; i < 10_000; i++) await values.get(`slug-${i}`, () => Promise.resolve(null));
    expect(values.totalBytes).toBeLessThanOrEqual(50_000);
  });
});
