import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import Redis from 'ioredis';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { Env } from '@config/env.schema';
import { ConnectionWatch, watchRedisClient } from '@infra/logging/connection-watch';
import { REDIS, type RedisConnection } from '@infra/redis/redis.module';
import { redisOptionsFromUrl } from '@infra/redis/redis-connection';

/** What a copy keeper does when a shop's public data changed: drop what it holds of that shop. */
export type CatalogChangeListener = (tenantId: string) => void;

/** The longest pause between two attempts to listen again on PostgreSQL after a loss. */
const RELISTEN_DELAY_MS = 1_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether this process listens to the channel (it serves HTTP): a worker or the CLI only publishes. */
export const CATALOG_CHANGES_LISTEN = Symbol('CATALOG_CHANGES_LISTEN');

/** The channel, the same for every process of one deployment: `<QUEUE_PREFIX>:catalog-changed`. */
export function catalogChangesChannel(prefix: string): string {
  return `${prefix}:catalog-changed`;
}

/**
 * "A shop's public data changed" (its profile, locations or products: anything its page or public
 * catalog shows), told to every API process (docs/storefront.md, "When PostgreSQL or Redis is
 * away"). `changed(tenantId)` is called after the change is committed: it drops this process's
 * copies at once (synchronously), then publishes the shop's id, through Redis pub/sub in Redis mode
 * and PostgreSQL's NOTIFY in PostgreSQL-only mode, and every process listening drops its copies.
 *
 * A process that serves HTTP listens once something subscribes (the shop pages and the catalog API
 * do; a worker or the CLI only publishes), on a connection of its own that is renewed after a loss; since messages may have been missed while it
 * was down, every listener is told to drop everything when listening starts again. Publishing never
 * fails the change it follows: while the channel is down the other processes' copies still expire
 * as fresh copies do.
 */
@Injectable()
export class CatalogChanges implements OnApplicationShutdown {
  private static readonly logger = new Logger('CatalogChanges');
  private readonly listeners = new Set<CatalogChangeListener>();
  private readonly resetListeners = new Set<() => void>();
  private readonly channel: string;
  private subscriber: Redis | null = null;
  private postgres: Client | null = null;
  private listening = false;
  private closed = false;
  private relistenTimer: NodeJS.Timeout | null = null;
  private readonly postgresWatch = new ConnectionWatch('postgres', 'catalog-changes');

  constructor(
    @Inject(REDIS) private readonly redis: RedisConnection,
    private readonly dataSource: DataSource,
    private readonly config: ConfigService<Env, true>,
    @Inject(CATALOG_CHANGES_LISTEN) private readonly listen: boolean,
  ) {
    this.channel = catalogChangesChannel(config.get('QUEUE_PREFIX', { infer: true }));
  }

  /**
   * `onChange` runs for every change of a shop, this process's or another's; `onReset` when changes
   * may have been missed (listening resumed after a loss): drop every copy.
   */
  subscribe(onChange: CatalogChangeListener, onReset: () => void): void {
    this.listeners.add(onChange);
    this.resetListeners.add(onReset);
    if (this.listen && !this.listening) {
      this.listening = true;
      if (this.redis) this.listenOnRedis();
      else this.listenOnPostgres();
    }
  }

  /** After the commit of a change to the shop's public data: drop the copies here, then tell every process. */
  async changed(tenantId: string): Promise<void> {
    this.dropLocally(tenantId);
    try {
      if (this.redis) await this.redis.publish(this.channel, tenantId);
      else await this.dataSource.query('SELECT pg_notify($1, $2)', [this.channel, tenantId]);
    } catch (error) {
      // The change is committed: the other processes' copies expire within their freshness.
      CatalogChanges.logger.warn(
        { tenantId, error: error instanceof Error ? error.message : String(error) },
        'Catalog change not published',
      );
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    if (this.relistenTimer) clearTimeout(this.relistenTimer);
    const subscriber = this.subscriber;
    this.subscriber = null;
    subscriber?.disconnect();
    const postgres = this.postgres;
    this.postgres = null;
    await postgres?.end().catch(() => undefined);
  }

  private dropLocally(tenantId: string): void {
    for (const listener of this.listeners) listener(tenantId);
  }

  private reset(): void {
    for (const listener of this.resetListeners) listener();
  }

  private received(message: string): void {
    if (UUID.test(message)) this.dropLocally(message.toLowerCase());
  }

  private listenOnRedis(): void {
    // No per-command retry limit: the subscription waits for Redis. It is renewed here on every
    // connection rather than by ioredis (`autoResubscribe`), whose own SUBSCRIBE is a promise nobody
    // handles: a process closed while it was in flight died of an unhandled rejection.
    const subscriber = new Redis({
      ...redisOptionsFromUrl(this.config.get('REDIS_URL', { infer: true })),
      connectionName: 'storefront:catalog-changes',
      maxRetriesPerRequest: null,
      autoResubscribe: false,
    });
    watchRedisClient(subscriber, 'catalog-changes');
    let connectedBefore = false;
    subscriber.on('ready', () => {
      // Dropped once listening again, so that no change published meanwhile is missed.
      subscriber.subscribe(this.channel).then(
        () => {
          if (connectedBefore) this.reset();
          connectedBefore = true;
        },
        () => undefined,
      );
    });
    subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.channel) this.received(message);
    });
    this.subscriber = subscriber;
  }

  private listenOnPostgres(): void {
    if (this.closed) return;
    const client = new Client({
      connectionString: this.config.get('DATABASE_URL', { infer: true }),
      connectionTimeoutMillis: this.config.get('DATABASE_CONNECT_TIMEOUT_MS', { infer: true }),
      application_name: 'storefront:catalog-changes',
      keepAlive: true,
    });
    this.postgres = client;
    let lost = false;
    const relisten = (error: unknown) => {
      if (lost) return;
      lost = true;
      if (this.postgres === client) this.postgres = null;
      client.removeAllListeners('notification');
      client.end().catch(() => undefined);
      if (this.closed) return;
      this.postgresWatch.failed(error);
      this.relistenTimer = setTimeout(() => this.listenOnPostgres(), RELISTEN_DELAY_MS);
      this.relistenTimer.unref();
    };
    client.on('error', relisten);
    client.on('end', () => relisten(new Error('Connection terminated')));
    client.on('notification', (notification) => {
      if (notification.channel === this.channel && notification.payload) this.received(notification.payload);
    });
    const wasDown = this.postgresWatch.down;
    client
      .connect()
      .then(() => client.query(`LISTEN "${this.channel.replace(/"/g, '""')}"`))
      .then(
        () => {
          if (lost) return;
          this.postgresWatch.restored();
          if (wasDown) this.reset();
        },
        (error: unknown) => relisten(error),
      );
  }
}
