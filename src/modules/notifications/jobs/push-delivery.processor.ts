import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Job } from 'bullmq';
import { PushChannel } from '../channels/push.channel';
import { PUSH_DELIVERY_QUEUE, PushDeliveryJob } from './notification-delivery.queue';

/** Delivers queued pushes; a failure is retried with the queue's backoff. */
@Processor(PUSH_DELIVERY_QUEUE, { concurrency: 16 })
export class PushDeliveryProcessor extends WorkerHost {
  constructor(private readonly push: PushChannel) {
    super();
  }

  async process(job: Job<PushDeliveryJob>): Promise<void> {
    await this.push.sendToUser(job.data.userId, job.data.payload, job.data.deliveryKey);
  }
}
