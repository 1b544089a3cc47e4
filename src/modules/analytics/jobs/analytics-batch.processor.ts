import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { Job } from 'bullmq';
import { AnalyticsRepository } from '../persistence/analytics.repository';
import { ANALYTICS_QUEUE, AnalyticsJob, AnalyticsRow, analyticsRowsOf, ConversionEvent, TrackRow } from './analytics.queue';
import { isDataError, jobSummary, storableConversion, storableTrack, unstorableReason } from './storable-row';
import { workerOptions } from '@infra/queue/worker-options';

const BATCH_SIZE = 250;
const BATCH_WAIT_MS = 50;

interface Waiting<T extends AnalyticsRow = AnalyticsRow> {
  data: T;
  done: (error?: unknown) => void;
}

/**
 * Stores accepted analytics in batches: jobs run concurrently and wait for a shared flush (one
 * multi-row INSERT per kind), and a job completes only once its rows are committed (a `track-events`
 * job carries many events, a conversion one), so a worker that dies mid-batch leaves its jobs to
 * be retried. Rows are keyed by the id the intake gave them (for a `track-events` job, derived from
 * the job: `trackEventId`), so a retried job never stores a second row.
 *
 * One row the database refuses as data (a NUL, an invalid surrogate: SQLSTATE classes 22 and 23)
 * must not fail its batch (decisions §7: accepted = stored, whatever the event holds): the batch is
 * split in halves until that row stands alone, and it is then stored in a safe form and logged.
 * Any other failure (the database away) fails the jobs, which BullMQ retries.
 */
@Processor(ANALYTICS_QUEUE, workerOptions({ concurrency: BATCH_SIZE }))
export class AnalyticsBatchProcessor extends WorkerHost {
  private readonly logger = new Logger(AnalyticsBatchProcessor.name);
  private waiting: Waiting[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly analytics: AnalyticsRepository) {
    super();
  }

  process(job: Job<AnalyticsJob>): Promise<void> {
    const rows = analyticsRowsOf(job.data);
    if (rows.length === 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      // Settled by its first failure, or once every row is stored. All rows join the same flush.
      let left = rows.length;
      const done = (error?: unknown) => {
        if (left === 0) return;
        if (error) {
          left = 0;
          reject(error);
        } else if (--left === 0) resolve();
      };
      for (const data of rows) this.waiting.push({ data, done });
      if (this.waiting.length >= BATCH_SIZE) void this.flush();
      else this.timer ??= setTimeout(() => void this.flush(), BATCH_WAIT_MS);
    });
  }

  private async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.waiting.splice(0);
    if (batch.length === 0) return;
    const tracks = batch.filter((entry): entry is Waiting<TrackRow> => entry.data.kind === 'track');
    const conversions = batch.filter((entry): entry is Waiting<ConversionEvent> => entry.data.kind === 'conversion');
    await Promise.all([
      this.settle(tracks, (jobs) => this.analytics.insertTracks(jobs), storableTrack),
      this.settle(conversions, (jobs) => this.analytics.insertConversions(jobs), storableConversion),
    ]);
  }

  /** Stores the entries' rows with `insert` and completes each entry once its row is committed (or has failed for good). */
  private async settle<T extends AnalyticsRow>(
    entries: Array<Waiting<T>>,
    insert: (jobs: T[]) => Promise<void>,
    safeForm: (job: T, reason: string) => T,
  ): Promise<void> {
    if (entries.length === 0) return;
    try {
      await insert(entries.map((entry) => entry.data));
      entries.forEach((entry) => entry.done());
      return;
    } catch (error) {
      if (!isDataError(error)) {
        this.logger.warn({ err: error, size: entries.length }, 'Analytics batch failed; jobs will be retried');
        entries.forEach((entry) => entry.done(error));
        return;
      }
      if (entries.length > 1) {
        // An INSERT is all or nothing: halve the batch until the rows it refuses stand alone.
        const middle = Math.ceil(entries.length / 2);
        await this.settle(entries.slice(0, middle), insert, safeForm);
        await this.settle(entries.slice(middle), insert, safeForm);
        return;
      }
      const [entry] = entries;
      const reason = unstorableReason(error);
      this.logger.warn({ ...jobSummary(entry.data), reason }, 'Analytics row refused by the database; stored in a safe form');
      try {
        await insert([safeForm(entry.data, reason)]);
        entry.done();
      } catch (failure) {
        this.logger.error({ err: failure, ...jobSummary(entry.data) }, 'Analytics row could not be stored even in a safe form');
        entry.done(failure);
      }
    }
  }
}
