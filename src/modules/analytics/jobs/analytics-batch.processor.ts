import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Job } from 'bullmq';
import { DataSource } from 'typeorm';
import { ANALYTICS_QUEUE, AnalyticsJob } from './analytics.queue';

const BATCH_SIZE = 250;
const BATCH_WAIT_MS = 50;

interface Waiting {
  data: AnalyticsJob;
  done: (error?: unknown) => void;
}

/**
 * Stores accepted analytics in batches: jobs run concurrently and wait for a shared flush (one
 * multi-row INSERT per kind), and a job completes only once its row is committed, so a worker
 * that dies mid-batch leaves its jobs to be retried. Rows are keyed by the id assigned at intake,
 * so a retried job never stores a second row.
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
    return new Promise((resolve, reject) => {
      this.waiting.push({ data: job.data, done: (error) => (error ? reject(error) : resolve()) });
      if (this.waiting.length >= BATCH_SIZE) void this.flush();
      else this.timer ??= setTimeout(() => void this.flush(), BATCH_WAIT_MS);
    });
  }

  private async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.waiting.splice(0);
    if (batch.length === 0) return;
    try {
      await this.store(batch.map((entry) => entry.data));
      batch.forEach((entry) => entry.done());
    } catch (error) {
      this.logger.warn({ err: error, size: batch.length }, 'Analytics batch failed; jobs will be retried');
      batch.forEach((entry) => entry.done(error));
    }
  }

  private async store(jobs: AnalyticsJob[]): Promise<void> {
    const tracks = jobs.filter((job): job is Extract<AnalyticsJob, { kind: 'track' }> => job.kind === 'track');
    const conversions = jobs.filter((job): job is Extract<AnalyticsJob, { kind: 'conversion' }> => job.kind === 'conversion');
    // Joined with tenants: an event for a tenant deleted since it was accepted is dropped, not a failed batch.
    if (tracks.length > 0) {
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
          tracks.map((job) => JSON.stringify(job.metadata)),
          tracks.map((job) => job.occurredAt),
        ],
      );
    }
    if (conversions.length > 0) {
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
}
