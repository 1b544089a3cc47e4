import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Job } from 'bullmq';
import { BroadcastChannel } from '../channels/broadcast.channel';
import { BROADCAST_DELIVERY_QUEUE, BroadcastDeliveryJob } from './notification-delivery.queue';
import { workerOptions } from '@infra/queue/worker-options';

/** Emits queued broadcasts; a failure is retried with the queue's backoff. */
@Processor(BROADCAST_DELIVERY_QUEUE, workerOptions({ concurrency: 16 }))
export class BroadcastDeliveryProcessor extends WorkerHost {
  constructor(private readonly broadcast: BroadcastChannel) {
    super();
  }

  async process(job: Job<BroadcastDeliveryJob>): Promise<void> {
    await this.broadcast.toTenant(job.data.tenantId, job.data.event, job.data.payload);
  }
}
