import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { Queue } from 'bullmq';
import { EXPORTS_QUEUE } from './exports.queue';

export const CLEANUP_SCHEDULER_ID = 'exports-cleanup-daily';

/** Deletes files past their 7 days once a day (03:30 UTC), in whichever worker takes the job. */
@Injectable()
export class ExportsCleanupScheduler implements OnApplicationBootstrap {
  constructor(@InjectQueue(EXPORTS_QUEUE) private readonly queue: Queue) {}

  async onApplicationBootstrap(): Promise<void> {
    // Upserting by a fixed id keeps one schedule however many workers start.
    await this.queue.upsertJobScheduler(
      CLEANUP_SCHEDULER_ID,
      { pattern: '30 3 * * *', tz: 'UTC' },
      { name: 'cleanup', opts: { removeOnComplete: true, removeOnFail: 100 } },
    );
  }
}
