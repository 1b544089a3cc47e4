import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { Job } from 'bullmq';
import { PushChannel } from '../channels/push.channel';
import { PUSH_DELIVERY_QUEUE, PushDeliveryJob } from './notification-delivery.queue';
import { workerOptions } from '@infra/queue/worker-options';

/** Delivers queued pushes; a failure is retried with the queue's backoff. */
@Processor(PUSH_DELIVERY_QUEUE, workerOptions({ concurrency: 16 }))
export class PushDeliveryProcessor extends WorkerHost {
  private readonly logger = new Logger(PushDeliveryProcessor.name);

  constructor(private readonly push: PushChannel) {
    super();
  }

  async process(job: Job<PushDeliveryJob>): Promise<void> {
    await this.push.sendToUser(job.data.userId, job.data.payload, job.data.deliveryKey);
  }

  // The error names push services by origin only: an endpoint's path is the browser's address.
  @OnWorkerEvent('failed')
  onFailed(job: Job<PushDeliveryJob> | undefined, error: Error): void {
    if (!job) return;
    const final = job.attemptsMade >= (job.opts.attempts ?? 1);
    this.logger.warn({ err: error, jobId: job.id, attempt: job.attemptsMade, final }, 'Push delivery failed');
  }
}
