import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { Queue } from 'bullmq';
import { HEALTH_QUEUE } from './health-refresh.processor';

const SCHEDULER_ID = 'health-refresh-every-minute';

@Injectable()
export class HealthRefreshScheduler implements OnApplicationBootstrap {
  constructor(@InjectQueue(HEALTH_QUEUE) private readonly queue: Queue) {}

  async onApplicationBootstrap(): Promise<void> {
    // Upserting by a fixed id keeps one schedule however many workers start.
    await this.queue.upsertJobScheduler(
      SCHEDULER_ID,
      { every: 60_000 },
      { name: 'refresh', opts: { removeOnComplete: true, removeOnFail: 100 } },
    );
  }
}
