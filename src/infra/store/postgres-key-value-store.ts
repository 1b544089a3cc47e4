import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { assertStoreKey, KeyValueStore, StoreMode, WindowCount } from './key-value-store';

/** Expired rows are removed this often, at most CLEANUP_BATCH per table and round. */
const CLEANUP_INTERVAL_MS = 60_000;
const CLEANUP_BATCH = 5_000;

// One statement each, so every operation is atomic on its own; an expired row counts as absent and
// is overwritten in the same statement (ON CONFLICT ... WHERE / CASE on expires_at). Concurrent
// upserts of one key queue on its row lock, so counts and claims are exact across processes.
// now() is the statement's start: one that waited on the row lock may start before the window did,
// so the time left is capped at the window.
const GET = `SELECT value FROM kv_store WHERE key = $1 AND expires_at > now()`;
const SET = `
  INSERT INTO kv_store (key, value, expires_at) VALUES ($1, $2, now() + $3 * interval '1 millisecond')
  ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, expires_at = EXCLUDED.expires_at`;
const SET_IF_ABSENT = `
  INSERT INTO kv_store AS entry (key, value, expires_at) VALUES ($1, $2, now() + $3 * interval '1 millisecond')
  ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, expires_at = EXCLUDED.expires_at
    WHERE entry.expires_at <= now()
  RETURNING 1`;
const DELETE = `DELETE FROM kv_store WHERE key = $1`;
const INCREMENT = `
  INSERT INTO kv_counters AS counter (key, count, expires_at) VALUES ($1, 1, now() + $2 * interval '1 millisecond')
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN counter.expires_at <= now() THEN 1 ELSE counter.count + 1 END,
    expires_at = CASE WHEN counter.expires_at <= now() THEN EXCLUDED.expires_at ELSE counter.expires_at END
  RETURNING count, least(ceil(extract(epoch FROM expires_at - now()) * 1000), $2)::bigint AS ttl_ms`;
// SKIP LOCKED: several processes clean up at once without waiting on each other or on requests.
const cleanup = (table: string) => `
  DELETE FROM ${table} WHERE key IN (
    SELECT key FROM ${table} WHERE expires_at <= now() LIMIT ${CLEANUP_BATCH} FOR UPDATE SKIP LOCKED)`;

/**
 * The store in PostgreSQL (decisions §14): unlogged tables `kv_store` and `kv_counters` (no WAL, so
 * writes are cheap; a PostgreSQL crash empties them, like a Redis without persistence). Statements go
 * through the application's pool, with its connect and statement timeouts, so an unreachable
 * database fails the call fast (503, or the rate limiter's in-memory fallback).
 */
export class PostgresKeyValueStore extends KeyValueStore {
  readonly mode: StoreMode = 'postgres';
  private readonly logger = new Logger('KeyValueStore');
  private cleanupTimer: NodeJS.Timeout | undefined;

  constructor(private readonly dataSource: DataSource) {
    super();
  }

  /** The pool replaces broken connections by itself; a failed call says the rest. */
  get reachable(): boolean {
    return this.dataSource.isInitialized;
  }

  async get(key: string): Promise<string | null> {
    assertStoreKey(key);
    const rows = await this.dataSource.query<Array<{ value: string }>>(GET, [key]);
    return rows[0]?.value ?? null;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    assertStoreKey(key);
    await this.dataSource.query(SET, [key, value, ttlMs]);
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    assertStoreKey(key);
    const rows = await this.dataSource.query<unknown[]>(SET_IF_ABSENT, [key, value, ttlMs]);
    return rows.length === 1;
  }

  async delete(key: string): Promise<void> {
    assertStoreKey(key);
    await this.dataSource.query(DELETE, [key]);
  }

  async increment(key: string, windowMs: number): Promise<WindowCount> {
    assertStoreKey(key);
    const rows = await this.dataSource.query<Array<{ count: string; ttl_ms: string }>>(INCREMENT, [key, windowMs]);
    return { count: Number(rows[0].count), ttlMs: Math.max(0, Number(rows[0].ttl_ms)) };
  }

  async ping(): Promise<void> {
    await this.dataSource.query('SELECT 1');
  }

  /** Removes expired rows now (they already read as absent); returns how many. */
  async removeExpired(): Promise<number> {
    let removed = 0;
    for (const table of ['kv_store', 'kv_counters']) {
      const [, count] = await this.dataSource.query<[unknown, number]>(cleanup(table));
      removed += count;
    }
    return removed;
  }

  /** Every process sweeps: rounds are cheap and skip rows another process holds. */
  startCleanup(): void {
    this.cleanupTimer ??= setInterval(() => {
      this.removeExpired().catch((error: unknown) => this.logger.warn({ err: error }, 'Could not remove expired store rows'));
    }, CLEANUP_INTERVAL_MS).unref();
  }

  stopCleanup(): void {
    clearInterval(this.cleanupTimer);
    this.cleanupTimer = undefined;
  }
}
