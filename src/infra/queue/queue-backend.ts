import { ConfigService } from '@nestjs/config';
import { ConnectionOptions, PostgresPoolConfig, Queue, PostgresQueueBackend, setDefaultBackendFactory } from 'bullmq';
import { Env, QueueBackend } from '@config/env.validation';
import { redisOptionsFromUrl } from '@infra/redis/redis-connection';
import { createJobDataSafePostgresBackend } from './postgres-job-data';

/** The PostgreSQL schema BullMQ's tables live in (its default), beside the app's own. */
export const QUEUE_SCHEMA = 'bullmq';

/**
 * Every queue and worker owns a pool, and a worker one more connection for LISTEN. A few
 * connections each, enough for a burst of request-path adds within their 1 s deadline, closed after
 * a second idle, so that a dozen queues and their workers mostly hold one connection each.
 */
const POSTGRES_POOL_PER_QUEUE = 4;
const POSTGRES_IDLE_CLOSE_MS = 1_000;

/** The connection settings of the backend in force, for the root BullMQ options. */
function connectionFor(config: ConfigService<Env, true>): ConnectionOptions {
  if (config.get('QUEUE_BACKEND', { infer: true }) === 'postgres') {
    const postgres: PostgresPoolConfig = {
      connectionString: config.get('DATABASE_URL', { infer: true }),
      schema: QUEUE_SCHEMA,
      max: POSTGRES_POOL_PER_QUEUE,
      idleTimeoutMillis: POSTGRES_IDLE_CLOSE_MS,
      connectionTimeoutMillis: config.get('DATABASE_CONNECT_TIMEOUT_MS', { infer: true }),
      // The schema is migrated with the app's own (run-migrations.ts), never by a starting queue.
      skipMigrations: true,
    };
    return postgres;
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
