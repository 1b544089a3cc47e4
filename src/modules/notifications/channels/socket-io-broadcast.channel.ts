import { Inject, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Emitter } from '@socket.io/redis-emitter';
import Redis from 'ioredis';
import { Env } from '@config/env.validation';
import { REDIS } from '@infra/redis/redis.module';
import { socketIoChannelKey } from '@infra/realtime/socket-io-channels';
import { BroadcastChannel, tenantRoom } from './broadcast.channel';

/**
 * The broadcast channel over Redis: publishes the event the way the Socket.IO Redis adapter of every
 * API instance listens for it, so it works from a worker that has no Socket.IO server. Publishing
 * goes through the shared command connection, which fails fast while Redis is down: the job then
 * throws and is retried with backoff. Delivery is at most once per attempt and at least once per
 * job; a client that is not connected at that moment does not get it (the database notification
 * is the durable record).
 */
@Injectable()
export class SocketIoBroadcastChannel extends BroadcastChannel {
  private readonly channelKey: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    config: ConfigService<Env, true>,
  ) {
    super();
    this.channelKey = socketIoChannelKey(config.get('QUEUE_PREFIX', { infer: true }));
  }

  async toTenant(tenantId: string, event: string, payload: Record<string, unknown>): Promise<void> {
    // The emitter drops the answer of its PUBLISH; this client keeps it, so a failure fails the job.
    let published: Promise<unknown> = Promise.resolve();
    const publisher = { publish: (channel: string, message: Buffer) => (published = this.redis.publish(channel, message)) };
    new Emitter(publisher, { key: this.channelKey }).to(tenantRoom(tenantId)).emit(event, payload);
    await published;
  }
}
