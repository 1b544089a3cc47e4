import { Global, Inject, Injectable, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { DataSource } from 'typeorm';
import { Env } from '@config/env.schema';
import { REDIS, type RedisConnection } from '@infra/redis/redis.module';
import { postgresRoomPublisher, redisRoomPublisher, RoomPublisher } from './room-publisher';

/**
 * The Socket.IO rooms of every API instance, reachable from any process (API, worker, CLI): through
 * Redis in Redis mode, through PostgreSQL (NOTIFY) in PostgreSQL-only mode. Emitting a broadcast and
 * closing the connections of revoked tokens (decisions §15) both go this way, so they reach the
 * clients of every instance, whichever process sends them.
 */
@Injectable()
export class SocketRooms implements RoomPublisher {
  private readonly publisher: RoomPublisher;

  constructor(@Inject(REDIS) redis: RedisConnection, dataSource: DataSource, config: ConfigService<Env, true>) {
    const prefix = config.get('QUEUE_PREFIX', { infer: true });
    this.publisher = redis
      ? redisRoomPublisher(redis, prefix)
      : postgresRoomPublisher((text, values) => dataSource.query<unknown[]>(text, values), prefix);
  }

  toRoom(room: string, event: string, payload: Record<string, unknown>): Promise<void> {
    return this.publisher.toRoom(room, event, payload);
  }

  disconnectRooms(rooms: readonly string[]): Promise<void> {
    return this.publisher.disconnectRooms(rooms);
  }
}

@Global()
@Module({ providers: [SocketRooms], exports: [SocketRooms] })
export class RealtimeModule {}
