import type Redis from 'ioredis';
import { REDIS } from '@infra/redis/redis.module';
import { KeyValueStore } from '@infra/store/key-value-store';
import type { TestApp } from './test-app';

/**
 * What the app's key-value store holds, whichever backend runs: live keys matching a glob (`*`
 * only), their time left, and removing them. Tests look at keys (bounded lengths, TTLs) and clear
 * counters other suites left behind.
 */
export async function storeKeys(t: TestApp, match = '*'): Promise<string[]> {
  if (t.get(KeyValueStore).mode === 'redis') {
    const keys: string[] = [];
    const stream = t.get<Redis>(REDIS).scanStream({ match, count: 1000 });
    for await (const batch of stream) keys.push(...(batch as string[]));
    return keys;
  }
  const like = match.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*/g, '%');
  const rows = await t.db.query<Array<{ key: string }>>(
    `SELECT key FROM kv_store WHERE key LIKE $1 AND expires_at > now()
     UNION ALL SELECT key FROM kv_counters WHERE key LIKE $1 AND expires_at > now()`,
    [like],
  );
  return rows.map((row) => row.key);
}

/** The values of the live keys matching a glob (`*` only), whichever backend runs: what the store holds at rest. */
export async function storeValues(t: TestApp, match = '*'): Promise<string[]> {
  const keys = await storeKeys(t, match);
  if (keys.length === 0) return [];
  if (t.get(KeyValueStore).mode === 'redis') {
    return (await t.get<Redis>(REDIS).mget(...keys)).filter((value): value is string => value !== null);
  }
  const rows = await t.db.query<Array<{ value: string }>>(`SELECT value FROM kv_store WHERE key = ANY($1) AND expires_at > now()`, [keys]);
  return rows.map((row) => row.value);
}

/** Seconds the key has left (rounded down, like Redis TTL); -2 when absent. */
export async function storeTtlSeconds(t: TestApp, key: string): Promise<number> {
  if (t.get(KeyValueStore).mode === 'redis') return t.get<Redis>(REDIS).ttl(key);
  const rows = await t.db.query<Array<{ ttl: string }>>(
    `SELECT floor(extract(epoch FROM expires_at - now()))::int AS ttl FROM kv_store WHERE key = $1 AND expires_at > now()
     UNION ALL SELECT floor(extract(epoch FROM expires_at - now()))::int FROM kv_counters WHERE key = $1 AND expires_at > now()`,
    [key],
  );
  return rows.length ? Number(rows[0].ttl) : -2;
}

export async function deleteStoreKeys(t: TestApp, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  if (t.get(KeyValueStore).mode === 'redis') {
    await t.get<Redis>(REDIS).del(...keys);
    return;
  }
  await t.db.query(`DELETE FROM kv_store WHERE key = ANY($1)`, [keys]);
  await t.db.query(`DELETE FROM kv_counters WHERE key = ANY($1)`, [keys]);
}
