import { randomUUID } from 'node:crypto';
import { KeyValueStore, StoreMode } from '@infra/store/key-value-store';
import { PostgresKeyValueStore } from '@infra/store/postgres-key-value-store';
import { describeIf, requirements } from '@test/support/conditions';
import { uniqueClientIp } from '@test/support/http-clients';
import { ProbeModule } from '@test/support/probe.module';
import { useTestApp, withTestApp } from '@test/support/test-app';
import { settleFor, waitFor } from '@test/support/wait';

// The same promises from both backends (decisions §14): what the consumers (rate limits,
// idempotency, caches, checkout sessions) rely on, checked against the real servers.
function storeContract(backend: StoreMode): void {
  const t = useTestApp({ role: 'api', env: { STORE_BACKEND: backend } });
  const store = () => t.get(KeyValueStore);
  const key = (name: string) => `test:${name}:${randomUUID()}`;

  // The app starts once its Redis connection is ready or after 2 s with it still connecting (a
  // machine under load can take that long): the contract is about a store that is up.
  beforeAll(() => waitFor(() => store().reachable, { what: `the ${backend} store to be reachable` }));

  it('runs the backend STORE_BACKEND names', () => {
    expect(store().mode).toBe(backend);
    expect(store().reachable).toBe(true);
  });

  it('reads what was written, replaces it, deletes it, and forgets it when it expires', async () => {
    const name = key('value');
    expect(await store().get(name)).toBeNull();
    await store().set(name, 'first', 60_000);
    expect(await store().get(name)).toBe('first');
    await store().set(name, 'second', 60_000);
    expect(await store().get(name)).toBe('second');
    await store().delete(name);
    expect(await store().get(name)).toBeNull();

    const shortLived = key('short');
    await store().set(shortLived, 'soon gone', 200);
    expect(await store().get(shortLived)).toBe('soon gone');
    await settleFor(400, 'the entry expires');
    expect(await store().get(shortLived)).toBeNull();
  });

  it('keeps values of any content intact (JSON, quotes, unicode)', async () => {
    const name = key('json');
    const value = JSON.stringify({ text: `it's "quoted" — ñ 🛒`, nested: { list: [1, 2, 3] } });
    await store().set(name, value, 60_000);
    expect(await store().get(name)).toBe(value);
  });

  it('lets exactly one of 50 concurrent setIfAbsent calls claim a key, and a key again once its entry expired', async () => {
    const name = key('claim');
    // Long enough for all 50 to run before it expires, even on a loaded machine opening its pool's connections.
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => store().setIfAbsent(name, `caller-${i}`, 1_500)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await store().get(name)).toBe(`caller-${results.indexOf(true)}`);
    await settleFor(1_700, 'the claim expires');
    const again = await Promise.all(Array.from({ length: 50 }, () => store().setIfAbsent(name, 'later', 60_000)));
    expect(again.filter(Boolean)).toHaveLength(1);
    expect(await store().get(name)).toBe('later');
  });

  it('counts 200 concurrent increments 1..200 exactly once each in one fixed window, then starts a new window', async () => {
    const name = key('counter');
    // A window long enough for the 200 increments and the later hit to land in it on a loaded machine.
    const windowMs = 5_000;
    const counts = await Promise.all(Array.from({ length: 200 }, () => store().increment(name, windowMs)));
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    for (const { ttlMs } of counts) {
      expect(ttlMs).toBeGreaterThan(0);
      expect(ttlMs).toBeLessThanOrEqual(windowMs);
    }
    // Later hits neither extend nor restart the window.
    const before = counts.reduce((least, { ttlMs }) => Math.min(least, ttlMs), windowMs);
    await settleFor(300, 'time passes inside the window');
    const later = await store().increment(name, windowMs);
    expect(later.count).toBe(201);
    expect(later.ttlMs).toBeLessThanOrEqual(before - 250);
    await settleFor(later.ttlMs + 100, 'the window ends');
    const next = await store().increment(name, windowMs);
    expect(next.count).toBe(1);
    expect(next.ttlMs).toBeGreaterThan(windowMs - 200);
  });

  it('counts each key on its own', async () => {
    const [one, two] = [key('a'), key('b')];
    await store().increment(one, 60_000);
    await store().increment(one, 60_000);
    expect((await store().increment(two, 60_000)).count).toBe(1);
    expect((await store().increment(one, 60_000)).count).toBe(3);
  });

  it('refuses keys longer than 512 characters', async () => {
    await expect(store().get('k'.repeat(513))).rejects.toThrow(/1-512 characters/);
  });

  it('answers a ping', async () => {
    await expect(store().ping()).resolves.toBeUndefined();
  });
}

describeIf(requirements.sharedRedis)('KeyValueStore on redis', () => storeContract('redis'));
describe('KeyValueStore on postgres', () => storeContract('postgres'));

describe('KeyValueStore on postgres: several processes on one database', () => {
  const env = { STORE_BACKEND: 'postgres', THROTTLE_API: '10/60' };

  it('shares counters and claims between two app instances', async () => {
    await withTestApp({ role: 'api', env, imports: [ProbeModule] }, (a) =>
      withTestApp({ role: 'api', env, imports: [ProbeModule] }, async (b) => {
        const name = `test:shared:${randomUUID()}`;
        const counts = await Promise.all(Array.from({ length: 100 }, (_, i) => (i % 2 ? a : b).get(KeyValueStore).increment(name, 60_000)));
        expect(counts.map((c) => c.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));

        const claim = `test:claim:${randomUUID()}`;
        const claims = await Promise.all(
          Array.from({ length: 50 }, (_, i) => (i % 2 ? a : b).get(KeyValueStore).setIfAbsent(claim, String(i), 60_000)),
        );
        expect(claims.filter(Boolean)).toHaveLength(1);

        // Decisions §2 in PostgreSQL mode: the limit holds across both instances under a burst.
        const ip = uniqueClientIp();
        const responses = await Promise.all(
          Array.from({ length: 100 }, (_, i) => (i % 2 ? a : b).http().get('/test-probe/default-group').set('X-Forwarded-For', ip)),
        );
        expect(responses.filter((res) => res.status === 200)).toHaveLength(10);
        expect(responses.filter((res) => res.status === 429)).toHaveLength(90);
      }),
    );
  });

  it('removes expired rows (which already read as absent)', async () => {
    await withTestApp({ role: 'api', env }, async (app) => {
      const store = app.get(KeyValueStore) as PostgresKeyValueStore;
      const [value, counter] = [`test:expired:${randomUUID()}`, `test:expired:${randomUUID()}`];
      await store.set(value, 'x', 50);
      await store.increment(counter, 50);
      await settleFor(150, 'both rows expire');
      expect(await store.get(value)).toBeNull();
      await store.removeExpired();
      const rows = await app.db.query<unknown[]>(
        `SELECT key FROM kv_store WHERE key = $1 UNION ALL SELECT key FROM kv_counters WHERE key = $2`,
        [value, counter],
      );
      expect(rows).toEqual([]);
    });
  });
});
