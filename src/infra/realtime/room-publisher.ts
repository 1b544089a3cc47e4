import { Emitter as PostgresEmitter } from '@socket.io/postgres-emitter';
import { Emitter as RedisEmitter } from '@socket.io/redis-emitter';
import type Redis from 'ioredis';
import { SOCKET_IO_ATTACHMENTS_TABLE, socketIoChannelKey } from './socket-io-channels';

/**
 * Reaches the Socket.IO rooms of every API instance from any process, with no Socket.IO server of
 * its own (a worker, the CLI): through Redis pub/sub in Redis mode, through PostgreSQL's NOTIFY in
 * PostgreSQL-only mode, the way the adapter of the API processes (socket-io.adapter.ts) listens.
 * Each call resolves once its message is published; rejects when publishing failed, so the caller's
 * job is retried (or the caller logs it).
 */
export interface RoomPublisher {
  /** Emits `event` to the clients in `room`. */
  toRoom(room: string, event: string, payload: Record<string, unknown>): Promise<void>;
  /** Disconnects the clients in any of `rooms` (server-side: they see "io server disconnect"). */
  disconnectRooms(rooms: readonly string[]): Promise<void>;
}

/** Runs a statement and answers its rows (the app's TypeORM pool: `dataSource.query`). */
export type SqlRunner = (text: string, values: unknown[]) => Promise<unknown[]>;

/** What one publication does with an emitter of either kind (their broadcast operators share this shape). */
type Operation = (emitter: {
  in(rooms: string | string[]): { emit(event: string, ...args: unknown[]): unknown; disconnectSockets(close?: boolean): void };
}) => void;

/** A NOTIFY payload stays far below PostgreSQL's 8000 bytes with this many room names (`token.<id>`) in it. */
const ROOMS_PER_MESSAGE = 100;

function publisherOf(publish: (operation: Operation, what: string) => Promise<void>): RoomPublisher {
  return {
    toRoom: (room, event, payload) => publish((emitter) => emitter.in(room).emit(event, payload), `event "${event}"`),
    async disconnectRooms(rooms) {
      for (let start = 0; start < rooms.length; start += ROOMS_PER_MESSAGE) {
        const chunk = rooms.slice(start, start + ROOMS_PER_MESSAGE);
        // Not `close`: the client is told the server ended it, so it does not reconnect on its own.
        await publish((emitter) => emitter.in(chunk).disconnectSockets(false), 'disconnection');
      }
    },
  };
}

/** Redis mode: `@socket.io/redis-emitter` on the shared command connection (fails fast while Redis is down). */
export function redisRoomPublisher(redis: Redis, queuePrefix: string): RoomPublisher {
  const key = socketIoChannelKey(queuePrefix);
  return publisherOf(async (operation) => {
    // The emitter drops the answer of its PUBLISH; this client keeps it, so a failure fails the job.
    let published: Promise<unknown> = Promise.resolve();
    const publisher = { publish: (channel: string, message: Buffer | string) => (published = redis.publish(channel, message)) };
    operation(new RedisEmitter(publisher, { key }));
    await published;
  });
}

/**
 * PostgreSQL-only mode: `@socket.io/postgres-emitter` on the app's own pool. The emitter publishes
 * in the background and keeps its outcome to itself (on a failure it even tries to broadcast an
 * "error" event, which would fail in turn): the pool it is handed here reports the outcome to the
 * caller instead, and a failed statement never settles for the emitter. Publishing is one
 * `pg_notify`.
 *
 * Two gaps between the emitter (0.1) and the adapter (0.5) are closed here: the adapter routes a
 * message by its `nsp`, which the emitter does not write (added to the NOTIFY payload), and a packet
 * over NOTIFY's 8000 bytes goes through the attachments table in msgpack, where `nsp` cannot be
 * added: such an event is refused (the events sent are short summaries, far below the limit).
 */
export function postgresRoomPublisher(run: SqlRunner, queuePrefix: string): RoomPublisher {
  const options = { channelPrefix: socketIoChannelKey(queuePrefix), tableName: SOCKET_IO_ATTACHMENTS_TABLE };
  return publisherOf(
    (operation, what) =>
      new Promise<void>((resolve, reject) => {
        const pool = {
          query: (text: string, params: unknown[]) => {
            let values = params;
            if (text.includes('pg_notify')) {
              values = [params[0], JSON.stringify({ nsp: '/', ...(JSON.parse(String(params[1])) as object) })];
            }
            const result = text.includes(SOCKET_IO_ATTACHMENTS_TABLE)
              ? Promise.reject(new Error(`Socket.IO ${what} is too large for PostgreSQL's NOTIFY (8000 bytes)`))
              : run(text, values).then((rows) => ({ rows }));
            result.then(() => {
              if (text.includes('pg_notify')) resolve();
            }, reject);
            return result.catch(() => new Promise<never>(() => undefined));
          },
        };
        try {
          operation(new PostgresEmitter(pool, '/', options));
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      }),
  );
}
