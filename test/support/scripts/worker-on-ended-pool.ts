/**
 * A BullMQ worker on the queue pool (PostgreSQL backend) whose pool ends while the worker still
 * runs, as when an app's queues close before one of its workers. Prints "event loop turning" once
 * timers have kept firing for 3 s after the end, then exits 0. Run by
 * test/e2e/queues/queue-pool-ended.e2e-spec.ts in a process of its own: a worker spinning on
 * at-once rejected statements starves this process's timers, which the test sees as no answer.
 */
import { setDefaultBackendFactory, Worker } from 'bullmq';
import { createJobDataSafePostgresBackend } from '@infra/queue/postgres-job-data';
import { PostgresQueuePool } from '@infra/queue/postgres-queue-pool';

async function main(): Promise<void> {
  const pool = new PostgresQueuePool({
    connectionString: process.env.DATABASE_URL!,
    schema: 'bullmq',
    max: 2,
    connectTimeoutMs: 5_000,
    poolWaitMs: 5_000,
    idleCloseMs: 1_000,
    unresponsiveCheckMs: 0,
  });
  setDefaultBackendFactory(createJobDataSafePostgresBackend);
  const worker = new Worker(`ended-pool-${process.pid}`, async () => undefined, {
    connection: pool,
    prefix: `ended-pool-${process.pid}`,
    // The worker asks for a job again after at most 1 s of waiting (BullMQ's default is 5 s).
    drainDelay: 1,
  });
  worker.on('error', () => undefined);
  await worker.waitUntilReady();
  await pool.close();
  // Three seconds of timers: the worker's wait ends (drainDelay) and it asks the ended pool again.
  let ticks = 0;
  await new Promise<void>((resolve) => {
    const tick = () => (++ticks === 300 ? resolve() : setTimeout(tick, 10));
    setTimeout(tick, 10);
  });
  process.stdout.write('event loop turning\n');
  await worker.close(true).catch(() => undefined);
  process.exit(0);
}

void main().catch((error: Error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
