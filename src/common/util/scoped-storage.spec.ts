import { setTimeout as sleep } from 'node:timers/promises';
import { ScopedStorage, scopedStoragesHooked } from './scoped-storage';

describe('ScopedStorage', () => {
  it('gives its store to the work of a scope across awaits and timers, and unhooks once the last scope ends', async () => {
    const storage = new ScopedStorage<string>();
    expect(storage.hooked).toBe(false);
    const seen: Array<string | undefined> = [];
    const work = async (name: string) => {
      seen.push(storage.getStore());
      await sleep(5);
      await new Promise<void>((resolve) => setTimeout(() => (seen.push(storage.getStore()), resolve()), 5));
      seen.push(storage.getStore());
      return name;
    };
    const first = storage.runUntilSettled('a', () => work('a'));
    const second = storage.runUntilSettled('b', () => work('b'));
    expect(storage.hooked).toBe(true);
    expect(await Promise.all([first, second])).toEqual(['a', 'b']);
    expect(seen.sort()).toEqual(['a', 'a', 'a', 'b', 'b', 'b']);
    expect(storage.hooked).toBe(false);
    expect(scopedStoragesHooked()).toBe(false);
    expect(storage.getStore()).toBeUndefined();
  });

  it('keeps a scope opened with runUntil until its end is called, once, even when work has returned', async () => {
    const storage = new ScopedStorage<number>();
    let end: () => void = () => undefined;
    let later: Promise<number | undefined> = Promise.resolve(undefined);
    storage.runUntil(
      7,
      (ending) => (end = ending),
      () => {
        later = sleep(10).then(() => storage.getStore());
      },
    );
    expect(await later).toBe(7);
    expect(storage.hooked).toBe(true);
    // A second scope, then the first end twice: the second scope still has its store.
    let inner: Promise<number | undefined> = Promise.resolve(undefined);
    let endInner: () => void = () => undefined;
    storage.runUntil(
      8,
      (ending) => (endInner = ending),
      () => {
        inner = sleep(10).then(() => storage.getStore());
      },
    );
    end();
    end();
    expect(storage.hooked).toBe(true);
    expect(await inner).toBe(8);
    endInner();
    expect(storage.hooked).toBe(false);
  });

  it('ends a scope whose work throws or rejects', async () => {
    const storage = new ScopedStorage<number>();
    await expect(storage.runUntilSettled(1, () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    await expect(
      storage.runUntilSettled(1, () => {
        throw new Error('sync');
      }),
    ).rejects.toThrow('sync');
    expect(storage.hooked).toBe(false);
  });
});
