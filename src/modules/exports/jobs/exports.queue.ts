import type { JobsOptions } from 'bullmq';

/** Producing export and report files, and their daily cleanup. */
export const EXPORTS_QUEUE = 'exports';

/** Job `produce`: write the file `fileId` (also the job id, so a repeated enqueue does nothing). */
export interface ProduceExportJob {
  fileId: string;
  tenantId: string;
}

/**
 * A failed attempt is retried twice, 10 s then 20 s later; after the last one the file is marked
 * failed. Finished jobs leave Redis after a day; failures stay as long as the files would.
 */
export const PRODUCE_JOB_OPTIONS: JobsOptions = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 10_000 },
  removeOnComplete: { age: 24 * 3600 },
  removeOnFail: { age: 7 * 24 * 3600 },
};
