import { Client } from 'pg';
import { spawnTs } from '@test/support/cli';
import { describeIf, requirements } from '@test/support/conditions';
import { usePostgresServer } from '@test/support/private-servers';

/**
 * A worker with jobs waiting while PostgreSQL refuses every new connection (all its slots taken:
 * "sorry, too many clients already") must wait between its attempts. BullMQ asks again at once
 * after any error it does not take for a lost connection; the queue pool gives it the refusal as one
 * (postgres-queue-pool.ts), so the worker pauses (worker-options.ts). Asking at once, a worker sent
 * some 700 statements in 3 s here, each a new connection the server refused, and in a full test run
 * such a loop held the server full and the run stopped for good.
 */
describeIf(requirements.postgresBinaries)('The queue pool when PostgreSQL refuses connections', () => {
  const server = usePostgresServer({ max_connections: 12 });

  it('leaves a worker with jobs waiting pausing between its attempts, not asking again at once', async () => {
    const admin = new Client({ connectionString: server.url.replace(/\/storefront_test$/, '/postgres') });
    await admin.connect();
    await admin.query('CREATE DATABASE storefront_test');
    await admin.end();

    const run = spawnTs('test/support/scripts/worker-on-refusing-server.ts', [], { DATABASE_URL: server.url });
    const deadline = new Promise<'starved'>((resolve) => setTimeout(() => resolve('starved'), 40_000).unref());
    const outcome = await Promise.race([run.exited, deadline]);
    if (outcome === 'starved') run.child.kill('SIGKILL');
    expect({ outcome, output: run.output() }).toEqual({ outcome: 0, output: expect.stringContaining('event loop turning') });
    const statements = Number(/statements in 3 s: (\d+)/.exec(run.output())![1]);
    // Paused a second after each refusal: a handful. Asking again at once: hundreds.
    expect(statements).toBeLessThanOrEqual(20);
  }, 60_000);
});
