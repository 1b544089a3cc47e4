export type StoreMode = 'redis' | 'postgres';

/** A fixed-window counter after one hit: the hits of the current window and the time it has left. */
export interface WindowCount {
  count: number;
  ttlMs: number;
}

/**
 * Where the short-lived state of the service lives: rate-limit counters, idempotency records,
 * caches and checkout sessions. Two implementations with the same promises (Redis, or unlogged
 * PostgreSQL tables); callers never know which runs. Every value expires: an expired entry reads as
 * absent everywhere, also before it is physically removed.
 *
 * Keys are built by the service from bounded values (ids, hashes), never from raw client input;
 * a key over MAX_STORE_KEY_LENGTH is a programming error and throws.
 */
export abstract class KeyValueStore {
  abstract readonly mode: StoreMode;

  /** False while the store is known to be unreachable (callers with a fallback skip it at once). */
  abstract get reachable(): boolean;

  abstract get(key: string): Promise<string | null>;

  /** Writes `value` for `ttlMs`, replacing any entry and its expiry. */
  abstract set(key: string, value: string, ttlMs: number): Promise<void>;

  /** Writes only when no live entry exists: true for exactly one of any number of concurrent callers. */
  abstract setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;

  abstract delete(key: string): Promise<void>;

  /**
   * Counts one hit in the key's fixed window, atomically: the first hit (or the first after the
   * window ended) starts a window of `windowMs`; later hits neither extend nor restart it.
   */
  abstract increment(key: string, windowMs: number): Promise<WindowCount>;

  /** Answers when the store does (readiness); rejects otherwise. */
  abstract ping(): Promise<void>;
}

export const MAX_STORE_KEY_LENGTH = 512;

export function assertStoreKey(key: string): void {
  if (key.length === 0 || key.length > MAX_STORE_KEY_LENGTH) {
    throw new Error(`Store keys are 1-${MAX_STORE_KEY_LENGTH} characters (got ${key.length})`);
  }
}
