import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import { enqueueOnRequestPath } from '@infra/queue/enqueue';
import { ANALYTICS_JOB_OPTIONS, ANALYTICS_QUEUE, AnalyticsJob } from '@modules/analytics/jobs/analytics.queue';

type TrackJob = Extract<AnalyticsJob, { kind: 'track' }>;

interface Waiting {
  job: TrackJob;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** A batch is sent at once when it reaches this many events. */
const MAX_BATCH = 200;

/**
 * Group commit for the intake: the track events of all requests that reach the queue in one turn
 * of the event loop are stored with one `addBulk` (one write to the queue's store for all of them)
 * instead of one `add` each. Every request still answers only once its own event is stored, and
 * all of a batch's requests fail together (503 when the queue is unavailable, as before) if the
 * batch cannot be stored.
 */
@Injectable()
export class TrackEventBatcher {
  private waiting: Waiting[] = [];
  private scheduled = false;

  constructor(@InjectQueue(ANALYTICS_QUEUE) private readonly queue: Queue<AnalyticsJob>) {}

  /** Resolves once `job` is stored in the queue. */
  store(job: TrackJob): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ job, resolve, reject });
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
    const jobs = batch.map(({ job }) => ({ name: 'track', data: job, opts: { ...ANALYTICS_JOB_OPTIONS, jobId: job.eventId } }));
    enqueueOnRequestPath(this.queue, () => this.queue.addBulk(jobs)).then(
      () => {
        for (const waiting of batch) waiting.resolve();
      },
      (error: unknown) => {
        for (const waiting of batch) waiting.reject(error);
      },
    );
  }
}
