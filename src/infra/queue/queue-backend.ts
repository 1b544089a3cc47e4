import { ConfigService } from '@nestjs/config';
import { ConnectionOptions, Queue, PostgresQueueBackend, setDefaultBackendFactory } from 'bullmq';
import { Env, QueueBackend } from '@config/env.schema';
import { redisOptionsFromUrl } from '@infra/redis/redis-connection';
import { createJobDataSafePostgresBackend } from './postgres-job-data';
import { PostgresQueuePool } from './postgres-queue-pool';

/** The PostgreSQL schema BullMQ's tables live in (its default), beside the app's own. */
export const QUEUE_SCHEMA = 'bullmq';

/** Pooled queue connections idle this long are closed: at rest a process holds little more than its workers' LISTEN connections. */
const POSTGRES_IDLE_CLOSE_MS = 1_000;
/** A worker's statement waits this long for a free pooled connection under a burst (as the app's own pool does). */
const POSTGRES_POOL_WAIT_MS = 10_000;

/** The connection settings of the backend in force, for the root BullMQ options. */
function connectionFor(config: ConfigService<Env, true>): ConnectionOptions {
  if (config.get('QUEUE_BACKEND', { infer: true }) === 'postgres') {
    // One pool for every queue and worker of this app (postgres-queue-pool.ts). Given a pool, BullMQ
    // checks the schema and never migrates it: that is done with the app's own (run-migrations.ts).
    return new PostgresQueuePool({
      connectionString: config.get('DATABASE_URL', { infer: true }),
      schema: QUEUE_SCHEMA,
      max: config.get('QUEUE_DATABASE_POOL_SIZE', { infer: true }),
      connectTimeoutMs: config.get('DATABASE_CONNECT_TIMEOUT_MS', { infer: true }),
      poolWaitMs: POSTGRES_POOL_WAIT_MS,
      idleCloseMs: POSTGRES_IDLE_CLOSE_MS,
      unresponsiveCheckMs: config.get('DATABASE_UNRESPONSIVE_CHECK_MS', { infer: true }),
    });
  }
  // Refused at start-up without REDIS_URL (validateEnv), so the URL is there.
  const redisUrl = config.get('REDIS_URL', { infer: true });
  if (!redisUrl) throw new Error('QUEUE_BACKEND=redis needs REDIS_URL');
  return { ...redisOptionsFromUrl(redisUrl), maxRetriesPerRequest: null };
}

/**
 * Points every BullMQ queue and worker of this process at the configured backend and returns the
 * connection settings they all share. The backend is process-wide (`@nestjs/bullmq` builds queues
 * and workers with BullMQ's default factory), so it is set both ways: the last app built wins.
 */
export function useQueueBackend(config: ConfigService<Env, true>): ConnectionOptions {
  if (config.get('QUEUE_BACKEND', { infer: true }) === 'postgres') setDefaultBackendFactory(createJobDataSafePostgresBackend);
  else setDefaultBackendFactory();
  return connectionFor(config);
}

/** Which datastore a queue lives in, for logs and errors. */
export function queueDependency(queue: Pick<Queue, 'backend'>): QueueBackend {
  return (queue.backend as unknown) instanceof PostgresQueueBackend ? 'postgres' : 'redis';
}
