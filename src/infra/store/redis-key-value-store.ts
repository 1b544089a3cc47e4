import Redis from 'ioredis';
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

/** The store on the shared Redis command connection (fails fast while Redis is unreachable). */
export class RedisKeyValueStore extends KeyValueStore {
  readonly mode: StoreMode = 'redis';

  constructor(private readonly redis: Redis) {
    super();
    this.redis.defineCommand('storeWindowIncrement', { numberOfKeys: 1, lua: INCREMENT });
  }

  get reachable(): boolean {
    return this.redis.status === 'ready';
  }

  async get(key: string): Promise<string | null> {
    assertStoreKey(key);
    return this.redis.get(key);
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    assertStoreKey(key);
    await this.redis.set(key, value, 'PX', ttlMs);
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    assertStoreKey(key);
    return (await this.redis.set(key, value, 'PX', ttlMs, 'NX')) === 'OK';
  }

  async delete(key: string): Promise<void> {
    assertStoreKey(key);
    await this.redis.del(key);
  }

  async increment(key: string, windowMs: number): Promise<WindowCount> {
    assertStoreKey(key);
    const [count, ttlMs] = await (this.redis as RedisWithIncrement).storeWindowIncrement(key, windowMs);
    return { count, ttlMs };
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }
}
