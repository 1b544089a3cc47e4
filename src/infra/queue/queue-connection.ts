import { Queue } from 'bullmq';
import type Redis from 'ioredis';

/**
 * Whether the queue's own connection can take a command at once. Rejects (without waiting) while
 * it is down: BullMQ would otherwise hold the command until the connection is back.
 */
export async function assertQueueConnected(queue: Queue): Promise<void> {
  const client = await queue.backend.client;
  if (client.status !== 'ready') throw new Error(`connection ${client.status}`);
}

/** A round trip on the queue's own connection (callers bound the wait). */
export async function pingQueue(queue: Queue): Promise<void> {
  await assertQueueConnected(queue);
  // BullMQ wraps the ioredis client in a proxy that passes the commands it does not declare through.
  await ((await queue.backend.client) as unknown as Redis).ping();
}
