import { EventEmitter } from 'node:events';
import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { DatabaseConnectionWatch } from './database-connection.watch';

/** What the watch touches of a pg pool: its events, `connect()` and the `ending` flag `end()` sets. */
class FakePool extends EventEmitter {
  ending = false;
  connect(): Promise<unknown> {
    return Promise.resolve({});
  }
}

describe('DatabaseConnectionWatch', () => {
  let warn: jest.SpyInstance;
  let pool: FakePool;
  const terminated = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

  beforeEach(() => {
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    pool = new FakePool();
    new DatabaseConnectionWatch({ driver: { master: pool } } as unknown as DataSource).onApplicationBootstrap();
  });
  afterEach(() => jest.restoreAllMocks());

  it('an idle connection the server ends is one warning', () => {
    pool.emit('error', terminated);
    pool.emit('error', terminated);
    expect(warn.mock.calls.map(([, message]: [unknown, string]) => message)).toEqual(['Connection lost; retrying']);
  });

  it('a connection ended while the pool itself ends (a server stopped right after pool.end()) is no outage', () => {
    // pg-pool resolves end() once it has asked each connection to close, not once each has.
    pool.ending = true;
    pool.emit('error', terminated);
    expect(warn).not.toHaveBeenCalled();
  });
});
