import { Inject, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { DataSource } from 'typeorm';
import { Env } from '@config/env.validation';
import { REDIS, type RedisConnection } from '@infra/redis/redis.module';
import { postgresRoomPublisher, redisRoomPublisher, RoomPublisher } from '@infra/realtime/room-publisher';
import { BroadcastChannel, tenantRoom } from './broadcast.channel';

/**
 * The broadcast channel from any process (a worker has no Socket.IO server): publishes the event the
 * way the Socket.IO adapter of every API instance listens for it, through Redis in Redis mode and
 * through PostgreSQL (NOTIFY) in PostgreSQL-only mode. Publishing fails fast while the datastore is
 * down: the job then throws and is retried with backoff. Delivery is at most once per attempt and
 * at least once per job; a client that is not connected at that moment does not get it (the
 * database notification is the durable record).
 */
@Injectable()
export class SocketIoBroadcastChannel extends BroadcastChannel {
  private readonly publisher: RoomPublisher;

  constructor(@Inject(REDIS) redis: RedisConnection, dataSource: DataSource, config: ConfigService<Env, true>) {
    super();
    const prefix = config.get('QUEUE_PREFIX', { infer: true });
    this.publisher = redis
      ? redisRoomPublisher(redis, prefix)
      : postgresRoomPublisher((text, values) => dataSource.query<unknown[]>(text, values), prefix);
  }

  async toTenant(tenantId: string, event: string, payload: Record<string, unknown>): Promise<void> {
    await this.publisher.toRoom(tenantRoom(tenantId), event, payload);
  }
}
