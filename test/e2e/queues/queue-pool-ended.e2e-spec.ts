import { spawnTs } from '@test/support/cli';

/**
 * A worker whose queue pool has ended (its app closing its queues first, or a pool ended under it)
 * must not spin: BullMQ retries a statement that failed for a connection reason after a pause, but
 * takes any other error as "no job" and asks again at once. The pool's refusal after its end reads
 * as a closed connection (postgres-queue-pool.ts), so the worker waits and its process keeps turning.
 */
describe('The queue pool after its end', () => {
  it('leaves a running worker waiting between its attempts, not spinning the process', async () => {
    const run = spawnTs('test/support/scripts/worker-on-ended-pool.ts');
    const deadline = new Promise<'starved'>((resolve) => setTimeout(() => resolve('starved'), 40_000).unref());
    const outcome = await Promise.race([run.exited, deadline]);
    if (outcome === 'starved') run.child.kill('SIGKILL');
    expect({ outcome, output: run.output() }).toEqual({ outcome: 0, output: expect.stringContaining('event loop turning') });
  }, 60_000);
});
