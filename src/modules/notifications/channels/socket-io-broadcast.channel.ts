import { Injectable } from '@nestjs/common';
import { SocketRooms } from '@infra/realtime/realtime.module';
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
  constructor(private readonly rooms: SocketRooms) {
    super();
  }

  async toTenant(tenantId: string, event: string, payload: Record<string, unknown>): Promise<void> {
    await this.rooms.toRoom(tenantRoom(tenantId), event, payload);
  }
}
