import { Queue } from 'bullmq';
import { DependencyUnavailableError, withinDeadline } from '@common/errors/dependency-unavailable';
import { isRedisSilent, reportRedisAnswered, reportRedisSilent } from '@infra/redis/redis-silence';
import { queueDependency } from './queue-backend';
import { assertQueueConnected, pingQueue, queueClosed, queueRedisServer } from './queue-connection';

/** A request that queues work gives up after this (docs/operations.md, "Statement bounds"). */
const REQUEST_ENQUEUE_DEADLINE_MS = 1_000;
/**
 * After an add on Redis missed its deadline (connected but not answering: paused, overloaded),
 * requests that would queue work on that server are refused at once, rather than each waiting out
 * the deadline, until a round trip on the queue's connection answers again (tried every
 * PROBE_PAUSE_MS, each within the deadline): during a freeze only the first of them waits, and none
 * pays for finding out that it is over. The silence is shared with the key-value store
 * (redis-silence.ts): an add is refused at once too when the store's command connection found the
 * server silent first, as a request's rate-limit count does.
 */
const PROBE_PAUSE_MS = 200;
/** The queues' watch, as one watcher of each server (whichever queue found it silent probes it). */
const QUEUE_ADDS = { watcher: 'queue adds' };
const probing = new Set<string>();

function becomeSilent(queue: Queue, server: string): void {
  reportRedisSilent(server, QUEUE_ADDS);
  if (probing.has(server)) return;
  probing.add(server);
  void (async () => {
    for (;;) {
      try {
        await withinDeadline(pingQueue(queue), REQUEST_ENQUEUE_DEADLINE_MS, 'redis');
        break;
      } catch {
        // A queue closed for good (the app stopping) ends the watch: nothing is refused any more.
        if (await queueClosed(queue)) break;
        await new Promise((resolve) => setTimeout(resolve, PROBE_PAUSE_MS).unref());
      }
    }
    probing.delete(server);
    reportRedisAnswered(server, QUEUE_ADDS);
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
  const adding = () =>
    assertQueueConnected(queue).then(
      () => add(),
      (error: Error) => {
        throw new DependencyUnavailableError(dependency, `queue ${queue.name} ${error.message}`);
      },
    );
  if (dependency !== 'redis') return adding();
  const server = await queueRedisServer(queue);
  if (isRedisSilent(server)) {
    throw new DependencyUnavailableError(dependency, `queue ${queue.name}: a command went unanswered and no answer came since`);
  }
  try {
    return await withinDeadline(adding(), REQUEST_ENQUEUE_DEADLINE_MS, dependency);
  } catch (error) {
    if (error instanceof DependencyUnavailableError && / no answer within \d+ ms$/.test(error.message)) {
      becomeSilent(queue, server);
    }
    throw error;
  }
}
