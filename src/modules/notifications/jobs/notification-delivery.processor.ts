import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Job } from 'bullmq';
import { BroadcastChannel } from '../channels/broadcast.channel';
import { PushChannel } from '../channels/push.channel';
import { NOTIFICATION_DELIVERY_QUEUE, NotificationDeliveryJob } from './notification-delivery.queue';

/** Delivers queued pushes and broadcasts; failures are retried with the queue's backoff. */
@Processor(NOTIFICATION_DELIVERY_QUEUE, { concurrency: 16 })
export class NotificationDeliveryProcessor extends WorkerHost {
  constructor(
    private readonly push: PushChannel,
    private readonly broadcast: BroadcastChannel,
  ) {
    super();
  }

  async process(job: Job<NotificationDeliveryJob>): Promise<void> {
    const delivery = job.data;
    if (delivery.kind === 'push') await this.push.sendToUser(delivery.userId, delivery.payload, delivery.deliveryKey);
    else await this.broadcast.toTenant(delivery.tenantId, delivery.event, delivery.payload);
  }
}
