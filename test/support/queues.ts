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

/**
 * Removes a job of one of the app's queues once it has finished, as a queue that has forgotten it
 * would be. BullMQ does not remove a job that is still running (its worker holds a lock), and a
 * handler's own writes (an event marked processed, a row marked succeeded) come before its job is
 * marked completed: removing it as soon as they show would leave it in place, and it would dedupe
 * the job added again under the same id.
 */
export async function removeFinishedJob(t: TestApp, queueName: string, jobId: string): Promise<void> {
  const queue = t.get<Queue>(getQueueToken(queueName));
  await waitFor(
    async () => {
      const job = await queue.getJob(jobId);
      if (!job) return true;
      if (!(await job.isCompleted()) && !(await job.isFailed())) return false;
      await queue.remove(jobId);
      return !(await queue.getJob(jobId));
    },
    { timeoutMs: 15_000, what: `job ${jobId} of queue ${queueName} to finish and be removed` },
  );
}
