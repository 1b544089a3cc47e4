import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { Queue } from 'bullmq';
import { HealthChecksService } from '../health-checks.service';

export const HEALTH_QUEUE = 'health';
const SCHEDULER_ID = 'health-refresh-every-minute';

/** Keeps the cached /health report at most a minute old, from whichever worker takes the job. */
@Processor(HEALTH_QUEUE)
export class HealthRefreshProcessor extends WorkerHost {
  constructor(private readonly checks: HealthChecksService) {
    super();
  }

  async process(): Promise<void> {
    await this.checks.refresh();
  }
}

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
