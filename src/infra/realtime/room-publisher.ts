import { Emitter as PostgresEmitter } from '@socket.io/postgres-emitter';
import { Emitter as RedisEmitter } from '@socket.io/redis-emitter';
import type Redis from 'ioredis';
import { SOCKET_IO_ATTACHMENTS_TABLE, socketIoChannelKey } from './socket-io-channels';

/**
 * Emits a Socket.IO event to a room of every API instance from any process, with no Socket.IO
 * server of its own (a worker): through Redis pub/sub in Redis mode, through PostgreSQL's NOTIFY in
 * PostgreSQL-only mode, the way the adapter of the API processes (socket-io.adapter.ts) listens.
 * Resolves once the event is published; rejects when publishing failed, so the caller's job is
 * retried.
 */
export interface RoomPublisher {
  toRoom(room: string, event: string, payload: Record<string, unknown>): Promise<void>;
}

/** Runs a statement and answers its rows (the app's TypeORM pool: `dataSource.query`). */
export type SqlRunner = (text: string, values: unknown[]) => Promise<unknown[]>;

/** Redis mode: `@socket.io/redis-emitter` on the shared command connection (fails fast while Redis is down). */
export function redisRoomPublisher(redis: Redis, queuePrefix: string): RoomPublisher {
  const key = socketIoChannelKey(queuePrefix);
  return {
    async toRoom(room, event, payload) {
      // The emitter drops the answer of its PUBLISH; this client keeps it, so a failure fails the job.
      let published: Promise<unknown> = Promise.resolve();
      const publisher = { publish: (channel: string, message: Buffer) => (published = redis.publish(channel, message)) };
      new RedisEmitter(publisher, { key }).to(room).emit(event, payload);
      await published;
    },
  };
}

/**
 * PostgreSQL-only mode: `@socket.io/postgres-emitter` on the app's own pool. The emitter publishes
 * in the background and keeps its outcome to itself (on a failure it even tries to broadcast an
 * "error" event, which would fail in turn): the pool it is handed here reports the outcome to the
 * caller instead, and a failed statement never settles for the emitter. Publishing ends with
 * `pg_notify` (after an INSERT into the attachments table for a packet over NOTIFY's 8000 bytes).
 */
export function postgresRoomPublisher(run: SqlRunner, queuePrefix: string): RoomPublisher {
  const options = { channelPrefix: socketIoChannelKey(queuePrefix), tableName: SOCKET_IO_ATTACHMENTS_TABLE };
  return {
    toRoom(room, event, payload) {
      return new Promise<void>((resolve, reject) => {
        const pool = {
          query: (text: string, values: unknown[]) => {
            const result = run(text, values).then((rows) => ({ rows }));
            result.then(() => {
              if (text.includes('pg_notify')) resolve();
            }, reject);
            return result.catch(() => new Promise<never>(() => undefined));
          },
        };
        try {
          new PostgresEmitter(pool, '/', options).to(room).emit(event, payload);
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    },
  };
}
