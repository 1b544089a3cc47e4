import type { WorkerOptions } from 'bullmq';

/**
 * A worker whose statement or command failed for want of a connection (the server refusing one,
 * gone, restarting, or every pooled connection busy past the wait) asks again after this long.
 * BullMQ's own pause is 15 s; a worker back within a second of its server keeps the queues' delay
 * after an outage short (docs/operations.md, "Queues on PostgreSQL").
 */
export const WORKER_RETRY_AFTER_CONNECTION_FAILURE_MS = 1_000;

/** The options every processor of the service starts its worker with, `own` (its concurrency) added. */
export function workerOptions(own: Partial<WorkerOptions> = {}): Partial<WorkerOptions> {
  return { runRetryDelay: WORKER_RETRY_AFTER_CONNECTION_FAILURE_MS, ...own };
}
