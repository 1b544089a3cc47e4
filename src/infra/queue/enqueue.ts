import { Queue } from 'bullmq';
import { DependencyUnavailableError, withinDeadline } from '@common/errors/dependency-unavailable';
import { queueDependency } from './queue-backend';
import { assertQueueConnected, pingQueue, queueClosed } from './queue-connection';

/** A request that queues work gives up after this (docs/operations.md, "Statement bounds"). */
const REQUEST_ENQUEUE_DEADLINE_MS = 1_000;
/**
 * After an add on Redis missed its deadline (connected but not answering: paused, overloaded),
 * requests that would queue work there are refused at once, rather than
 * each waiting out the deadline, until a round trip on the queue's connection answers again (tried
 * every PROBE_PAUSE_MS, each within the deadline): during a freeze only the first of them waits,
 * and none pays for finding out that it is over.
 */
const PROBE_PAUSE_MS = 200;
const silent = new Set<string>();

function becomeSilent(queue: Queue, dependency: string): void {
  if (silent.has(dependency)) return;
  silent.add(dependency);
  void (async () => {
    while (silent.has(dependency)) {
      try {
        await withinDeadline(pingQueue(queue), REQUEST_ENQUEUE_DEADLINE_MS, dependency);
        silent.delete(dependency);
      } catch {
        // A queue closed for good (the app stopping) ends the watch: nothing is refused any more.
        if (await queueClosed(queue)) silent.delete(dependency);
        else await new Promise((resolve) => setTimeout(resolve, PROBE_PAUSE_MS).unref());
      }
    }
  })();
}

/**
 * Adds a job from a request handler: refused at once while the queue's connection is down (BullMQ
 * would otherwise hold the command until Redis is back, and the request with it), and, on Redis,
 * bounded in time when it is connected but not answering. Either way the caller sees a
 * DependencyUnavailableError, which the error handling answers with 503.
 *
 * On PostgreSQL the queue's pool bounds the add itself (postgres-queue-pool.ts): a frozen server's
 * statements are dropped by its unresponsiveness check, and a busy pool is waited for up to its
 * wait bound. A deadline here would only turn a burst (hundreds of requests queueing on a loaded
 * machine) into 503s for requests a live server was about to accept.
 */
export async function enqueueOnRequestPath<T>(queue: Queue, add: () => Promise<T>): Promise<T> {
  const dependency = queueDependency(queue);
  if (silent.has(dependency)) {
    throw new DependencyUnavailableError(dependency, `queue ${queue.name}: an add went unanswered and no answer came since`);
  }
  const adding = assertQueueConnected(queue).then(
    () => add(),
    (error: Error) => {
      throw new DependencyUnavailableError(dependency, `queue ${queue.name} ${error.message}`);
    },
  );
  if (dependency !== 'redis') return adding;
  try {
    return await withinDeadline(adding, REQUEST_ENQUEUE_DEADLINE_MS, dependency);
  } catch (error) {
    if (error instanceof DependencyUnavailableError && / no answer within \d+ ms$/.test(error.message)) {
      becomeSilent(queue, dependency);
    }
    throw error;
  }
}
