import { Queue } from 'bullmq';
import { DependencyUnavailableError, withinDeadline } from '@common/errors/dependency-unavailable';
import { queueDependency } from './queue-backend';
import { assertQueueConnected } from './queue-connection';

/** A request that queues work gives up after this, well within decisions §13's 2 s. */
const REQUEST_ENQUEUE_DEADLINE_MS = 1_000;

/**
 * Adds a job from a request handler: refused at once while the queue's connection is down (BullMQ
 * would otherwise hold the command until Redis is back, and the request with it), and bounded in
 * time when Redis is connected but not answering. Either way the caller sees a
 * DependencyUnavailableError, which the error handling answers with 503.
 */
export async function enqueueOnRequestPath<T>(queue: Queue, add: () => Promise<T>): Promise<T> {
  return withinDeadline(
    assertQueueConnected(queue).then(
      () => add(),
      (error: Error) => {
        throw new DependencyUnavailableError(queueDependency(queue), `queue ${queue.name} ${error.message}`);
      },
    ),
    REQUEST_ENQUEUE_DEADLINE_MS,
    queueDependency(queue),
  );
}
