import type { PostgresQueueBackend } from 'bullmq';

/** A job added to a queue that is closing: the caller fails (and its own job is retried later) instead of waiting forever. */
export class QueueClosingError extends Error {
  constructor(queueName: string) {
    super(`Queue ${queueName} is closing: the job was not added`);
    this.name = 'QueueClosingError';
  }
}

interface AddPaths {
  queueName: string;
  closing?: Promise<void>;
  connection: { isClosing?: boolean };
  addJob(...args: unknown[]): Promise<unknown>;
  addJobs(...args: unknown[]): Promise<unknown>;
}

/**
 * BullMQ's PostgreSQL backend answers a command issued once its connection is closing with a promise
 * that never settles (as ioredis's offline queue would). During shutdown that deadlocks: a worker's
 * job that queues follow-up work (an export queueing its notification's push, a consumer queueing a
 * mail) waits forever on a queue that Nest already closed, and the worker's close waits for that job.
 * Here an add to a closing queue fails at once, so the job fails, the worker closes, and the job is
 * retried by the next process like any job cut off by a shutdown.
 */
export function failAddsWhenClosing(backend: PostgresQueueBackend): PostgresQueueBackend {
  const paths = backend as unknown as AddPaths;
  for (const name of ['addJob', 'addJobs'] as const) {
    if (typeof paths[name] !== 'function') throw new Error(`BullMQ's PostgreSQL backend has no ${name}(): update postgres-closing-adds.ts`);
    const original = paths[name].bind(backend);
    paths[name] = (...args: unknown[]) =>
      paths.closing || paths.connection?.isClosing ? Promise.reject(new QueueClosingError(paths.queueName)) : original(...args);
  }
  return backend;
}
