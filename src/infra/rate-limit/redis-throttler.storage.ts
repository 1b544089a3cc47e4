import { ThrottlerStorage } from '@nestjs/throttler';
import { ThrottlerStorageRecord } from '@nestjs/throttler/dist/throttler-storage-record.interface';
import Redis from 'ioredis';

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

/** Fixed-window counters in Redis: one window per key, blocked until the window ends. */
export class RedisThrottlerStorage implements ThrottlerStorage {
  constructor(private readonly redis: Redis) {
    this.redis.defineCommand('rateLimitIncrement', { numberOfKeys: 1, lua: INCREMENT });
  }

  async increment(key: string, ttlMs: number, limit: number): Promise<ThrottlerStorageRecord> {
    const [hits, ttl] = await (
      this.redis as Redis & {
        rateLimitIncrement(key: string, ttl: number): Promise<[number, number]>;
      }
    ).rateLimitIncrement(`rl:${key}`, ttlMs);
    const seconds = Math.max(1, Math.ceil(ttl / 1000));
    return { totalHits: hits, timeToExpire: seconds, isBlocked: hits > limit, timeToBlockExpire: hits > limit ? seconds : 0 };
  }
}
