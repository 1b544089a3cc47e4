import { Injectable } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { Queue } from 'bullmq';
import { withinDeadline } from '@common/errors/dependency-unavailable';
import { pingQueue } from './queue-connection';

/**
 * Whether every queue of this process can take a job now: each queue's own Redis connection
 * answers a PING within the deadline. A queue waiting for a reconnect would hold an `add` until
 * it is back, so readiness says 503 meanwhile (decisions §13).
 */
@Injectable()
export class QueueReadiness {
  constructor(private readonly discovery: DiscoveryService) {}

  /** The names of the queues that did not answer in time (empty: all can take jobs). */
  async unavailable(timeoutMs: number): Promise<string[]> {
    const queues = this.discovery
      .getProviders()
      .map(({ instance }) => instance as unknown)
      .filter((instance): instance is Queue => instance instanceof Queue);
    const results = await Promise.all(
      queues.map(async (queue) => {
        try {
          await withinDeadline(pingQueue(queue), timeoutMs, `queue ${queue.name}`);
          return null;
        } catch {
          return queue.name;
        }
      }),
    );
    return [...new Set(results.filter((name): name is string => name !== null))];
  }
}
