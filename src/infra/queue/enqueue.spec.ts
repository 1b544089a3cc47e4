import type { Queue } from 'bullmq';
import { DependencyUnavailableError } from '@common/errors/dependency-unavailable';
import { waitFor } from '@test/support/wait';
import { reportRedisAnswered, reportRedisSilent } from '@infra/redis/redis-silence';
import { enqueueOnRequestPath } from './enqueue';

/** A queue on a Redis connection that is up (status "ready"); its PING answers once `answers()` is called. */
function redisQueue(name: string) {
  let answering = false;
  const pings = { count: 0 };
  const client = {
    status: 'ready',
    ping: () => {
      pings.count++;
      return answering ? Promise.resolve('PONG') : new Promise<never>(() => undefined);
    },
  };
  const queue = { name, backend: { client: Promise.resolve(client) } } as unknown as Queue;
  return { queue, pings, answers: () => (answering = true) };
}

// The silence is per datastore (every queue of a process shares its Redis): the test that makes it
// silent comes last.
describe('enqueueOnRequestPath', () => {
  it('adds while the queue answers', async () => {
    const { queue } = redisQueue('mail');
    await expect(enqueueOnRequestPath(queue, () => Promise.resolve('job-1'))).resolves.toBe('job-1');
  });

  it('refuses at once while another connection to the same server (the store) waits for it to answer, and only then', async () => {
    const { queue } = redisQueue('analytics');
    const store = {};
    const add = jest.fn(() => Promise.resolve('job'));
    reportRedisSilent('10.0.0.9:6379', store);
    await expect(enqueueOnRequestPath(queue, add)).resolves.toBe('job');
    reportRedisSilent('127.0.0.1:6379', store);
    await expect(enqueueOnRequestPath(queue, add)).rejects.toThrow(/no answer came since$/);
    expect(add).toHaveBeenCalledTimes(1);
    reportRedisAnswered('127.0.0.1:6379', store);
    await expect(enqueueOnRequestPath(queue, add)).resolves.toBe('job');
    reportRedisAnswered('10.0.0.9:6379', store);
  });

  it('gives up after its deadline, refuses at once while the server stays silent, and adds again once a PING answers', async () => {
    const { queue, pings, answers } = redisQueue('analytics');
    const add = jest.fn(() => new Promise<never>(() => undefined));

    await expect(enqueueOnRequestPath(queue, add)).rejects.toThrow(/redis unavailable: no answer within 1000 ms$/);
    expect(add).toHaveBeenCalledTimes(1);

    const refused = enqueueOnRequestPath(queue, add);
    await expect(refused).rejects.toBeInstanceOf(DependencyUnavailableError);
    await expect(refused).rejects.toThrow(/no answer came since$/);
    expect(add).toHaveBeenCalledTimes(1);

    // The watch asks the server itself; requests do not.
    await waitFor(() => pings.count > 0, { what: 'a PING of the silent queue' });
    answers();
    await waitFor(async () => (await enqueueOnRequestPath(queue, () => Promise.resolve('job-2')).catch(() => null)) === 'job-2', {
      what: 'adds accepted again once a PING answered',
    });
  });
});
