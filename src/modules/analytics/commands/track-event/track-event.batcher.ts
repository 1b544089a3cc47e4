import { randomUUID } from 'node:crypto';
import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import { enqueueOnRequestPath } from '@infra/queue/enqueue';
import { ANALYTICS_JOB_OPTIONS, ANALYTICS_QUEUE, AnalyticsJob, TrackEvent } from '@modules/analytics/jobs/analytics.queue';

interface Waiting {
  event: TrackEvent;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** A batch is sent at once when it reaches this many events. */
const MAX_BATCH = 200;

/**
 * Group commit for the intake: the track events of all requests that reach the queue in one turn
 * of the event loop are stored as one `track-batch` job (one write to the queue's store, and one
 * job's bookkeeping, for all of them) instead of a job each. Every request still answers only once
 * its own event is stored, and all of a batch's requests fail together (503 when the queue is
 * unavailable, as before) if the batch cannot be stored. The worker stores a batch's events by their
 * own ids, so a batch retried in whole never stores one twice.
 */
@Injectable()
export class TrackEventBatcher {
  private waiting: Waiting[] = [];
  private scheduled = false;

  constructor(@InjectQueue(ANALYTICS_QUEUE) private readonly queue: Queue<AnalyticsJob>) {}

  /** Resolves once `event` is stored in the queue. */
  store(event: TrackEvent): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ event, resolve, reject });
      if (this.waiting.length >= MAX_BATCH) {
        this.flush();
      } else if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.flush();
        });
      }
    });
  }

  private flush(): void {
    const batch = this.waiting;
    if (batch.length === 0) return;
    this.waiting = [];
    const job: AnalyticsJob = { kind: 'track-batch', events: batch.map(({ event }) => event) };
    // The id makes a retried add of the same batch one job.
    const options = { ...ANALYTICS_JOB_OPTIONS, jobId: `track-batch-${randomUUID()}` };
    enqueueOnRequestPath(this.queue, () => this.queue.add('track-batch', job, options)).then(
      () => {
        for (const waiting of batch) waiting.resolve();
      },
      (error: unknown) => {
        for (const waiting of batch) waiting.reject(error);
      },
    );
  }
}
