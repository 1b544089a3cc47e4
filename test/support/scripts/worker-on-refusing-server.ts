/**
 * A BullMQ worker on the queue pool (PostgreSQL backend) with jobs waiting, while the server refuses
 * every new connection ("sorry, too many clients already"): the pool's connections closed when idle,
 * then every slot of the server taken. Counts the worker's statements over 3 s of timers, prints
 * `statements in 3 s: N` and `event loop turning`, and exits 0. Run by
 * test/e2e/queues/queue-pool-refused.e2e-spec.ts in a process of its own: a worker asking again at
 * once after each refusal sends statements without pause and starves this process's timers.
 */
import { Client } from 'pg';
import { Queue, runMigrations, setDefaultBackendFactory, Worker } from 'bullmq';
import { createJobDataSafePostgresBackend } from '@infra/queue/postgres-job-data';
import { PostgresQueuePool } from '@infra/queue/postgres-queue-pool';
import { workerOptions } from '@infra/queue/worker-options';

const IDLE_CLOSE_MS = 100;

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL!;
  const setup = new Client({ connectionString: url });
  await setup.connect();
  await runMigrations(setup, 'bullmq');
  await setup.end();

  const pool = new PostgresQueuePool({
    connectionString: url,
    schema: 'bullmq',
    max: 2,
    connectTimeoutMs: 2_000,
    poolWaitMs: 2_000,
    idleCloseMs: IDLE_CLOSE_MS,
    unresponsiveCheckMs: 0,
  });
  setDefaultBackendFactory(createJobDataSafePostgresBackend);
  const name = `refused-${process.pid}`;
  const queue = new Queue(name, { connection: pool, prefix: name });
  await queue.addBulk(Array.from({ length: 20 }, (_, i) => ({ name: 'job', data: { i } })));
  const worker = new Worker(name, () => new Promise((resolve) => setTimeout(resolve, 60_000)), {
    ...workerOptions({ concurrency: 1 }),
    connection: pool,
    prefix: name,
    autorun: false,
  });
  worker.on('error', () => undefined);
  await worker.waitUntilReady();

  // The pool's statement connections close once idle; then every slot of the server is taken.
  await new Promise((resolve) => setTimeout(resolve, IDLE_CLOSE_MS * 5));
  const held: Client[] = [];
  for (;;) {
    const client = new Client({ connectionString: url });
    try {
      await client.connect();
      held.push(client);
    } catch {
      break;
    }
  }

  let statements = 0;
  const query = pool.query.bind(pool);
  pool.query = (...args: Parameters<typeof query>) => {
    statements++;
    return query(...args);
  };
  void worker.run().catch(() => undefined);

  let ticks = 0;
  await new Promise<void>((resolve) => {
    const tick = () => (++ticks === 300 ? resolve() : setTimeout(tick, 10));
    setTimeout(tick, 10);
  });
  process.stdout.write(`statements in 3 s: ${statements}\nevent loop turning\n`);
  await Promise.all(held.map((client) => client.end().catch(() => undefined)));
  await worker.close(true).catch(() => undefined);
  await queue.close().catch(() => undefined);
  process.exit(0);
}

void main().catch((error: Error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
