import Redis from 'ioredis';
import { isRedisSilent, redisServerOf, reportRedisAnswered, reportRedisSilent } from '@infra/redis/redis-silence';
import { assertStoreKey, KeyValueStore, StoreMode, WindowCount } from './key-value-store';

// INCR and the first PEXPIRE in one script: a burst of concurrent requests (from one process or
// several) sees exactly one counter, and a key never outlives its window.
const INCREMENT = `
local hits = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if hits == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { hits, ttl }`;

type RedisWithIncrement = Redis & { storeWindowIncrement(key: string, windowMs: number): Promise<[number, number]> };

/** While the store is silent, Redis is asked whether it answers again (a PING, within the command timeout) this often. */
const PROBE_PAUSE_MS = 200;

/** The store on the shared Redis command connection (fails fast while Redis is unreachable). */
export class RedisKeyValueStore extends KeyValueStore {
  readonly mode: StoreMode = 'redis';
  /**
   * Set when a command timed out (a Redis connected but not answering: paused, overloaded): the
   * store reads as unreachable, so that callers with a fallback (rate limits, the token cache, keyed
   * orders) skip it at once instead of each waiting out the command timeout, until a PING answers
   * again (docs/operations.md). Requests never pay for finding out whether Redis is back. A queue
   * that found the same server silent counts too (redis-silence.ts).
   */
  private silent = false;
  private probing = false;
  private readonly server: string;

  constructor(private readonly redis: Redis) {
    super();
    this.server = redisServerOf(redis);
    this.redis.defineCommand('storeWindowIncrement', { numberOfKeys: 1, lua: INCREMENT });
  }

  get reachable(): boolean {
    return this.redis.status === 'ready' && !this.silent && !isRedisSilent(this.server);
  }

  /** `command`'s result; a timeout makes the store silent until Redis answers a PING. */
  private async answered<T>(command: Promise<T>): Promise<T> {
    try {
      return await command;
    } catch (error) {
      if (error instanceof Error && /^Command timed out$/.test(error.message)) this.becomeSilent();
      throw error;
    }
  }

  private becomeSilent(): void {
    this.silent = true;
    reportRedisSilent(this.server, this);
    if (this.probing) return;
    this.probing = true;
    void (async () => {
      // Ends once Redis answers, or once the connection is closed for good (the app stopping).
      while (this.silent && this.redis.status !== 'end') {
        try {
          await this.redis.ping();
          this.silent = false;
        } catch {
          await new Promise((resolve) => setTimeout(resolve, PROBE_PAUSE_MS).unref());
        }
      }
      this.silent = false;
      this.probing = false;
      reportRedisAnswered(this.server, this);
    })();
  }

  async get(key: string): Promise<string | null> {
    assertStoreKey(key);
    return this.answered(this.redis.get(key));
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    assertStoreKey(key);
    await this.answered(this.redis.set(key, value, 'PX', ttlMs));
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    assertStoreKey(key);
    return (await this.answered(this.redis.set(key, value, 'PX', ttlMs, 'NX'))) === 'OK';
  }

  async delete(key: string): Promise<void> {
    assertStoreKey(key);
    await this.answered(this.redis.del(key));
  }

  async increment(key: string, windowMs: number): Promise<WindowCount> {
    assertStoreKey(key);
    const [count, ttlMs] = await this.answered((this.redis as RedisWithIncrement).storeWindowIncrement(key, windowMs));
    return { count, ttlMs };
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }
}
