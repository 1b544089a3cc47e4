import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { REDIS, type RedisConnection } from '@infra/redis/redis.module';
import { HealthCheck } from '../domain/health-report';
import { withTimeout } from './with-timeout';

interface PersistenceSettings {
  appendonly: string;
  maxmemoryPolicy: string;
  source: 'CONFIG' | 'INFO';
}

const TIMEOUT_MS = 3_000;

/**
 * Queued work (mail, outbox deliveries, analytics batches) is "accepted = stored" only if Redis keeps
 * it: with AOF off, a Redis restart loses every job since the last snapshot; under an eviction
 * policy, Redis drops BullMQ's keys when memory runs short. Both are server settings the service
 * cannot change, so the report warns (still 200) instead of failing. In PostgreSQL-only mode there
 * is no Redis and the check is not run.
 */
@Injectable()
export class RedisPersistenceCheck implements HealthCheck {
  readonly name = 'RedisPersistence';

  constructor(@Inject(REDIS) private readonly connection: RedisConnection) {}

  /** Only in Redis mode. */
  get applies(): boolean {
    return this.connection !== null;
  }

  private get redis(): Redis {
    if (!this.connection) throw new Error('No Redis in PostgreSQL-only mode');
    return this.connection;
  }

  async run() {
    let settings: PersistenceSettings;
    try {
      settings = await withTimeout(this.read(), TIMEOUT_MS, 'reading the Redis persistence settings');
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return {
        status: 'warning' as const,
        notificationMessage:
          'The Redis persistence settings could not be read (CONFIG and INFO refused, as on some managed services): make sure appendonly is yes and maxmemory-policy is noeviction.',
        shortSummary: 'Unknown',
        meta: { reason },
      };
    }
    const meta = { appendonly: settings.appendonly, maxmemory_policy: settings.maxmemoryPolicy, source: settings.source };
    const problems: string[] = [];
    if (settings.appendonly !== 'yes')
      problems.push('appendonly is off: a Redis restart loses queued jobs written since the last snapshot');
    if (settings.maxmemoryPolicy !== 'noeviction') {
      problems.push(`maxmemory-policy is ${settings.maxmemoryPolicy}: Redis may evict queued jobs when memory runs short (use noeviction)`);
    }
    if (problems.length > 0) {
      return { status: 'warning' as const, notificationMessage: `${problems.join('; ')}.`, shortSummary: 'Not durable', meta };
    }
    return { status: 'ok' as const, notificationMessage: '', shortSummary: 'Ok', meta };
  }

  /** CONFIG GET where allowed; else INFO (which BullMQ needs anyway, so it is rarely refused). */
  private async read(): Promise<PersistenceSettings> {
    try {
      // Answers [name, value] pairs.
      const appendonly = (await this.redis.config('GET', 'appendonly')) as string[];
      const policy = (await this.redis.config('GET', 'maxmemory-policy')) as string[];
      return { appendonly: appendonly[1], maxmemoryPolicy: policy[1], source: 'CONFIG' };
    } catch (configError) {
      let info: string;
      try {
        info = (await this.redis.info('persistence')) + (await this.redis.info('memory'));
      } catch (infoError) {
        throw new Error(`CONFIG GET: ${message(configError)}; INFO: ${message(infoError)}`);
      }
      const field = (name: string) => new RegExp(`^${name}:(.*)$`, 'm').exec(info)?.[1]?.trim();
      const aofEnabled = field('aof_enabled');
      const policy = field('maxmemory_policy');
      if (aofEnabled === undefined || policy === undefined) {
        throw new Error(`CONFIG GET: ${message(configError)}; INFO does not report aof_enabled and maxmemory_policy`);
      }
      return { appendonly: aofEnabled === '1' ? 'yes' : 'no', maxmemoryPolicy: policy, source: 'INFO' };
    }
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
