import { PostgresQueuePool } from '@infra/queue/postgres-queue-pool';
import { TEST_DATABASE_URL } from '@test/support/test-env';

/**
 * BullMQ ends a worker's LISTEN connection by removing every listener of it and releasing it. The
 * release is not awaited: a server that stops meanwhile (the zero-setup embedded PostgreSQL, right
 * after the app closes) ends the session with a FATAL error, which a client with no 'error' listener
 * throws, ending the process (a Ctrl-C exited 1 instead of 0). The pool's release listens again first.
 */
describe('A LISTEN connection of the queue pool, released', () => {
  it('has a listener for the error of a session the server ends while it says goodbye', async () => {
    const pool = new PostgresQueuePool({
      connectionString: TEST_DATABASE_URL,
      schema: 'bullmq',
      max: 1,
      connectTimeoutMs: 5_000,
      poolWaitMs: 5_000,
      idleCloseMs: 1_000,
      unresponsiveCheckMs: 0,
    });
    const client = await pool.connect();
    // As BullMQ's close does.
    client.removeAllListeners();
    client.release();
    const ended = new Promise((resolve) => client.once('end', resolve));
    const fatal = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    expect(() => client.emit('error', fatal)).not.toThrow();
    await ended;
    await pool.close();
  });
});
