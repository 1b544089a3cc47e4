import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Job } from 'bullmq';
import { DataSource } from 'typeorm';
import { ANALYTICS_QUEUE, AnalyticsJob, AnalyticsRow, analyticsRowsOf, ConversionEvent, TrackRow } from './analytics.queue';
import { isDataError, jobSummary, storableConversion, storableTrack, unstorableReason } from './storable-row';

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
@Processor(ANALYTICS_QUEUE, { concurrency: BATCH_SIZE })
export class AnalyticsBatchProcessor extends WorkerHost {
  private readonly logger = new Logger(AnalyticsBatchProcessor.name);
  private waiting: Waiting[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
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
      this.settle(tracks, (jobs) => this.insertTracks(jobs), storableTrack),
      this.settle(conversions, (jobs) => this.insertConversions(jobs), storableConversion),
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

  // Joined with tenants: an event for a tenant deleted since it was accepted is dropped, not a failed batch.
  private async insertTracks(tracks: TrackRow[]): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO analytics_events (event_id, tenant_id, type, product_id, metadata, occurred_at)
       SELECT e.event_id, e.tenant_id, e.type, e.product_id, e.metadata, e.occurred_at
         FROM unnest($1::uuid[], $2::uuid[], $3::varchar[], $4::int[], $5::jsonb[], $6::timestamptz[])
              AS e(event_id, tenant_id, type, product_id, metadata, occurred_at)
         JOIN tenants t ON t.id = e.tenant_id
       ON CONFLICT (event_id) DO NOTHING`,
      [
        tracks.map((job) => job.eventId),
        tracks.map((job) => job.tenantId),
        tracks.map((job) => job.type),
        tracks.map((job) => job.productId),
        tracks.map((job) => job.metadata),
        tracks.map((job) => job.occurredAt),
      ],
    );
  }

  private async insertConversions(conversions: ConversionEvent[]): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO analytics_conversions (tenant_id, transaction_id, event, value, currency, occurred_at)
       SELECT c.tenant_id, c.transaction_id, c.event, c.value, c.currency, c.occurred_at
         FROM unnest($1::uuid[], $2::varchar[], $3::varchar[], $4::numeric[], $5::char(3)[], $6::timestamptz[])
              AS c(tenant_id, transaction_id, event, value, currency, occurred_at)
         JOIN tenants t ON t.id = c.tenant_id
       ON CONFLICT (tenant_id, transaction_id) WHERE transaction_id IS NOT NULL DO NOTHING`,
      [
        conversions.map((job) => job.tenantId),
        conversions.map((job) => job.transactionId),
        conversions.map((job) => job.event),
        conversions.map((job) => job.value),
        conversions.map((job) => job.currency),
        conversions.map((job) => job.occurredAt),
      ],
    );
  }
}
