import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Pool, PoolClient } from 'pg';
import { DataSource } from 'typeorm';
import { isDependencyUnavailable } from '@common/errors/dependency-unavailable';
import { ConnectionWatch, poolEnding } from '@infra/logging/connection-watch';

type ConnectCallback = (error: Error | undefined, client: PoolClient | undefined, release: (release?: unknown) => void) => void;

/**
 * The PostgreSQL pool's side of decisions §13: an idle connection the server dropped, or a new one
 * it refused, is one JSON warning per outage; the first connection made after it is one "restored"
 * line. (The pool already replaces broken connections by itself; this only reports.)
 */
@Injectable()
export class DatabaseConnectionWatch implements OnApplicationBootstrap {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  onApplicationBootstrap(): void {
    const pool = (this.dataSource.driver as unknown as { master?: Pool }).master;
    if (!pool) return;
    const watch = new ConnectionWatch('postgres', 'pool');
    // A waiter that timed out on a busy pool says nothing about the server. Nor does a connection the
    // pool is closing: `end()` resolves once it has asked each connection to close, not once each
    // has, so a server stopped right after (the embedded one, at shutdown) may still end one.
    const lost = (error: unknown) => {
      if (poolEnding(pool)) return;
      if (isDependencyUnavailable(error) && !/^timeout exceeded when trying to connect$/.test((error as Error).message))
        watch.failed(error);
    };
    pool.on('error', lost);
    pool.on('connect', () => watch.restored());
    const connect = pool.connect.bind(pool) as (callback?: ConnectCallback) => Promise<PoolClient> | undefined;
    (pool as unknown as { connect: typeof connect }).connect = (callback?: ConnectCallback) => {
      if (!callback) {
        return connect()?.catch((error: unknown) => {
          lost(error);
          throw error;
        });
      }
      return connect((error, client, release) => {
        if (error) lost(error);
        callback(error, client, release);
      });
    };
  }
}
