import { Injectable } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import { QueueReadiness } from '@infra/queue/queue-readiness';

/** Up when every queue of this process can take a job now (its own connection answers). */
@Injectable()
export class QueueHealthIndicator {
  constructor(
    private readonly queues: QueueReadiness,
    private readonly indicators: HealthIndicatorService,
  ) {}

  async pingCheck(key: string, timeoutMs = 1_000) {
    const indicator = this.indicators.check(key);
    const unavailable = await this.queues.unavailable(timeoutMs);
    return unavailable.length === 0 ? indicator.up() : indicator.down({ message: 'A queue cannot take jobs', queues: unavailable });
  }
}
