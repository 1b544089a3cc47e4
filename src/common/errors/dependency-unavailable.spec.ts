import { QueryFailedError } from 'typeorm';
import { DependencyUnavailableError, isDependencyUnavailable, unavailableDependency } from './dependency-unavailable';

describe('unavailableDependency', () => {
  const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

  it.each([
    ['a refused pg connection', 'postgres', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a dual-stack connect', 'postgres', new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], '')],
    ['a server shutting down (57P01)', 'postgres', new QueryFailedError('SELECT 1', [], withCode('terminating connection', '57P01'))],
    ['pg-pool giving up', 'postgres', new Error('timeout exceeded when trying to connect')],
    ['a dropped pg connection', 'postgres', new Error('Connection terminated unexpectedly')],
    ['ioredis not connected', 'redis', new Error("Stream isn't writeable and enableOfflineQueue options is false")],
    ['ioredis losing its socket', 'redis', new Error('Connection is closed.')],
    ['ioredis timing out', 'redis', new Error('Command timed out')],
    ['a queue that did not take a job', 'redis', new DependencyUnavailableError('redis', 'no answer within 1000 ms')],
    ['a queue on PostgreSQL', 'postgres', new DependencyUnavailableError('postgres', 'queue exports closing')],
  ])('%s: %s', (_what, dependency, error) => {
    expect(unavailableDependency(error)).toBe(dependency);
    expect(isDependencyUnavailable(error)).toBe(true);
  });

  it.each([
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a refused statement (unique violation)', new QueryFailedError('INSERT', [], withCode('duplicate key', '23505'))],
    ['a cancelled statement (57014)', withCode('canceling statement due to statement timeout', '57014')],
    ['no error at all', undefined],
  ])('%s: none', (_what, error) => {
    expect(unavailableDependency(error)).toBeUndefined();
    expect(isDependencyUnavailable(error)).toBe(false);
  });
});
