import { Logger } from '@nestjs/common';
import { ThrottlerStorage } from '@nestjs/throttler';
import { isDependencyUnavailable } from '@common/errors/dependency-unavailable';
import { KeyValueStore } from '@infra/store/key-value-store';

/** While the store is connected but not answering, it is asked again at most this often (the others count in memory meanwhile). */
const STORE_RETRY_MS = 1_000;
/** Past this many in-memory counters, expired ones are swept; past the hard cap, all are dropped. */
const MEMORY_SWEEP_AT = 10_000;
const MEMORY_HARD_CAP = 200_000;

/** What `increment` answers. The package does not export the type by name: it is derived from its public interface. */
type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/**
 * Fixed-window counters in the store (Redis or PostgreSQL): one window per key, blocked until the
 * window ends.
 *
 * Rate limiting never takes the API down (decisions §13): while the store is unreachable each process
 * counts in memory with the same windows and limits (so the limits hold per process, not across
 * processes), logs that once per outage, and goes back to the store as soon as it answers.
 */
export class StoreThrottlerStorage implements ThrottlerStorage {
  private readonly logger = new Logger('RateLimit');
  private readonly memory = new Map<string, { hits: number; expiresAt: number }>();
  /** Whether counting has moved to memory; the store is asked again once connected and past `retryStoreAt`. */
  private storeDown = false;
  private retryStoreAt = 0;

  constructor(private readonly store: KeyValueStore) {}

  async increment(key: string, ttlMs: number, limit: number): Promise<ThrottlerStorageRecord> {
    const storeKey = `rl:${key}`;
    if (this.store.reachable && Date.now() >= this.retryStoreAt) {
      try {
        const { count, ttlMs: left } = await this.store.increment(storeKey, ttlMs);
        this.storeAnswered();
        return record(count, left, limit);
      } catch (error) {
        if (!isDependencyUnavailable(error)) throw error;
        // Connected but not answering: spare the next requests the command timeout for a while.
        this.storeUnreachable(error, Date.now() + STORE_RETRY_MS);
      }
    } else if (!this.store.reachable) {
      // Asked again as soon as the connection is back.
      this.storeUnreachable(new Error(`${this.store.mode} store not connected`), 0);
    }
    const { hits, ttl } = this.incrementInMemory(storeKey, ttlMs);
    return record(hits, ttl, limit);
  }

  private storeUnreachable(error: unknown, retryAt: number): void {
    if (!this.storeDown) {
      this.logger.warn({ err: error }, 'Rate-limit store unreachable: counting in memory, per process, until it is back');
    }
    this.storeDown = true;
    this.retryStoreAt = retryAt;
  }

  private storeAnswered(): void {
    if (!this.storeDown) return;
    this.storeDown = false;
    this.retryStoreAt = 0;
    this.memory.clear();
    this.logger.log(`Rate-limit store is back: counting in ${this.store.mode} again`);
  }

  private incrementInMemory(key: string, ttlMs: number): { hits: number; ttl: number } {
    const now = Date.now();
    let counter = this.memory.get(key);
    if (!counter || counter.expiresAt <= now) {
      if (!counter && this.memory.size >= MEMORY_SWEEP_AT) this.sweep(now);
      counter = { hits: 0, expiresAt: now + ttlMs };
      this.memory.set(key, counter);
    }
    counter.hits += 1;
    return { hits: counter.hits, ttl: counter.expiresAt - now };
  }

  private sweep(now: number): void {
    for (const [key, counter] of this.memory) if (counter.expiresAt <= now) this.memory.delete(key);
    if (this.memory.size >= MEMORY_HARD_CAP) this.memory.clear();
  }
}

function record(hits: number, ttlMs: number, limit: number): ThrottlerStorageRecord {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  return { totalHits: hits, timeToExpire: seconds, isBlocked: hits > limit, timeToBlockExpire: hits > limit ? seconds : 0 };
}
