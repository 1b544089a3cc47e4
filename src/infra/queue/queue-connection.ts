import { PostgresQueueBackend, Queue } from 'bullmq';
import type Redis from 'ioredis';
import { redisServerOf } from '@infra/redis/redis-silence';

/**
 * Whether the queue's own connection can take a command at once. On Redis it rejects (without
 * waiting) while the connection is down: BullMQ would otherwise hold the command until it is back.
 * A PostgreSQL pool holds nothing back (a command fails once its connect times out), so there is
 * nothing to check beforehand.
 */
export async function assertQueueConnected(queue: Queue): Promise<void> {
  if ((queue.backend as unknown) instanceof PostgresQueueBackend) return;
  const client = await queue.backend.client;
  if (client.status !== 'ready') throw new Error(`connection ${client.status}`);
}

/** A round trip on the queue's own connection (callers bound the wait). */
export async function pingQueue(queue: Queue): Promise<void> {
  const backend = queue.backend as unknown;
  if (backend instanceof PostgresQueueBackend) {
    await backend.connection.pool.query('SELECT 1');
    return;
  }
  await assertQueueConnected(queue);
  // BullMQ wraps the ioredis client in a proxy that passes the commands it does not declare through.
  await ((await queue.backend.client) as unknown as Redis).ping();
}

/** Whether the queue's Redis connection is closed for good (the queue closed); never for PostgreSQL. */
export async function queueClosed(queue: Queue): Promise<boolean> {
  if ((queue.backend as unknown) instanceof PostgresQueueBackend) return false;
  return (await queue.backend.client).status === 'end';
}

/** `host:port` of the Redis server a queue on Redis talks to (redis-silence.ts). */
export async function queueRedisServer(queue: Queue): Promise<string> {
  return redisServerOf(await queue.backend.client);
}
