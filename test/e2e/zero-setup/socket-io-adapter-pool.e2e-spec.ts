import { AdapterPool } from '@infra/realtime/socket-io.adapter';
import { TEST_DATABASE_URL } from '@test/support/test-env';

/**
 * The Socket.IO PostgreSQL adapter schedules a reconnection (a 1–3 s timer) whenever a connect, a
 * LISTEN or its connection fails, even once the adapter is closed. So its pool, once closed, answers
 * none of the failures its closing causes: otherwise an app closed during start-up would stay alive
 * up to 3 s longer. (Closing apps right after start: postgres-only.e2e-spec.)
 */
describe('Socket.IO adapter pool: its closing causes no reconnection', () => {
  const pending = Symbol('pending');
  const settled = (promise: Promise<unknown>) =>
    Promise.race([
      promise.then(
        () => 'resolved',
        () => 'rejected',
      ),
      new Promise((resolve) => setTimeout(() => resolve(pending), 300)),
    ]);
  const newPool = () => new AdapterPool({ connectionString: TEST_DATABASE_URL, max: 2, application_name: 'adapter-pool-test' });

  it('answers neither a connect under way when it closes nor one asked after', async () => {
    const pool = newPool();
    const underWay = pool.connect();
    await pool.close();
    expect(await settled(underWay)).toBe(pending);
    expect(await settled(pool.connect())).toBe(pending);
  });

  it('does not answer the statement its close cuts, nor tell the connection’s end', async () => {
    const pool = newPool();
    const client = await pool.connect();
    const ended = jest.fn();
    client.on('end', ended);
    const listen = client.query('SELECT pg_sleep(5)');
    await pool.close();
    expect(await settled(listen)).toBe(pending);
    expect(ended).not.toHaveBeenCalled();
  });

  it('still answers failures while open', async () => {
    const pool = newPool();
    try {
      const client = await pool.connect();
      await expect(client.query('SELECT * FROM no_such_table_here')).rejects.toThrow(/no_such_table_here/);
      client.release();
    } finally {
      await pool.close();
    }
  });
});
