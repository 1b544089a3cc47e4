import { Processor, WorkerHost } from '@nestjs/bullmq';
import { HealthChecksService } from '../health-checks.service';
import { workerOptions } from '@infra/queue/worker-options';

export const HEALTH_QUEUE = 'health';

/** Keeps the stored /health report at most a minute old, from whichever worker takes the job. */
@Processor(HEALTH_QUEUE, workerOptions())
export class HealthRefreshProcessor extends WorkerHost {
  constructor(private readonly checks: HealthChecksService) {
    super();
  }

  async process(): Promise<void> {
    await this.checks.refresh();
  }
}
