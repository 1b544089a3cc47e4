import { getQueueToken } from '@nestjs/bullmq';
import type { Job, JobType, Queue } from 'bullmq';
import { MESSAGES_QUEUE, MessageJob, recipientOf } from '@infra/messaging/messages';
import type { TestApp } from './test-app';
import { waitFor } from './wait';

/** Every state of a job that may still run: queued, running, or waiting for its retry. */
const UNFINISHED: JobType[] = ['waiting', 'active', 'delayed', 'prioritized', 'waiting-children'];

/**
 * The jobs on one of the app's BullMQ queues whose data matches `predicate`, by default those not
 * finished yet. Read in one Redis script (or one PostgreSQL query), so a job moving between states is never missed; none left
 * means the work they stand for is done (or has failed for good).
 */
export async function jobsOn<T>(
  t: TestApp,
  queueName: string,
  predicate: (data: T) => boolean,
  states: JobType[] = UNFINISHED,
): Promise<Job<T>[]> {
  const queue = t.get<Queue<T>>(getQueueToken(queueName));
  const jobs = (await queue.getJobs(states)) as Array<Job<T> | undefined>;
  return jobs.filter((job): job is Job<T> => job !== undefined && predicate(job.data));
}

/**
 * Resolves once no mail or SMS job to `to` is queued, being sent, or waiting for a retry: whatever
 * the app will ever send to that address has been sent. For proving that nothing more arrives.
 */
export function messagesSettled(t: TestApp, to: string): Promise<true> {
  const addressedTo = (job: MessageJob) => recipientOf(job) === to;
  return waitFor(async () => (await jobsOn(t, MESSAGES_QUEUE, addressedTo)).length === 0, {
    timeoutMs: 15_000,
    what: `the messages to ${to} to be sent`,
  });
}

/** The rows an analytics job stores (the worker's own reading of a job). */
export { analyticsRowsOf } from '@modules/analytics/jobs/analytics.queue';
