import { createServer, Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describeRedisFailure, describeStartupFailure, waitForFreePort, withoutPassword } from './startup-failure';

const settings = { DATABASE_URL: 'postgres://shop:s3cret@db.internal:5433/shop', PORT: 3000, GRPC_URL: '127.0.0.1:50051' };
const failing = (fields: { message?: string } & Record<string, unknown>) => Object.assign(new Error(fields.message ?? 'failed'), fields);

describe('describeStartupFailure (decisions §19)', () => {
  it.each([
    [
      { code: 'ECONNREFUSED' },
      /^DATABASE_URL \(postgres:\/\/shop:\*\*\*\*@db\.internal:5433\/shop\): connection refused at db\.internal:5433\./,
    ],
    [{ code: 'ENOTFOUND', hostname: 'db.internal' }, /unknown host "db\.internal"\. Check the host name\.$/],
    [
      { code: '28P01', message: 'password authentication failed for user "shop"' },
      /password authentication failed\. Check the user name and password\.$/,
    ],
    [{ message: 'timeout expired' }, /no answer from db\.internal:5433 \(timeout expired\)/],
  ])('names DATABASE_URL without its password for %p', (fields, line) => {
    const text = describeStartupFailure(failing(fields), settings);
    expect(text).toMatch(line);
    expect(text).not.toContain('s3cret');
    expect(text?.split('\n')).toHaveLength(1);
  });

  it('finds the cause inside the wrappers a driver adds (AggregateError of a dual-stack connect)', () => {
    const wrapped = new AggregateError([failing({ code: 'ECONNREFUSED' })], 'connect failed');
    expect(describeStartupFailure(wrapped, settings)).toMatch(/connection refused/);
  });

  it('names PORT or GRPC_URL for a port in use', () => {
    expect(describeStartupFailure(failing({ code: 'EADDRINUSE', address: '0.0.0.0', port: 3000 }), settings)).toBe(
      'PORT (3000): another process listens on 0.0.0.0:3000. Stop it, or set PORT to a free port.',
    );
    expect(describeStartupFailure(failing({ code: 'EADDRINUSE', port: 50051 }), settings)).toMatch(
      /^GRPC_URL \(127\.0\.0\.1:50051\): another process/,
    );
  });

  it('leaves any other error alone (it keeps its stack)', () => {
    expect(describeStartupFailure(new TypeError('x is not a function'), settings)).toBeNull();
    expect(describeStartupFailure(failing({ code: '42P01', message: 'relation does not exist' }), settings)).toBeNull();
  });

  it('hides only the password of a URL', () => {
    expect(withoutPassword('redis://:pw@r:6379/0')).toBe('redis://:****@r:6379/0');
    expect(withoutPassword('postgres://u@h/db')).toBe('postgres://u@h/db');
    expect(withoutPassword('not a url')).toBe('(not a URL)');
  });
});

describe('describeRedisFailure (decisions §19)', () => {
  const url = 'redis://:pw@cache.internal:6380/0';

  it('stops start-up for a setting that cannot work: unknown host, refused credentials', () => {
    expect(describeRedisFailure(failing({ code: 'ENOTFOUND', hostname: 'cache.internal' }), url)).toEqual({
      line: 'REDIS_URL (redis://:****@cache.internal:6380/0): unknown host "cache.internal". Check the host name.',
      fatal: true,
    });
    for (const message of ['WRONGPASS invalid username-password pair or user is disabled.', 'NOAUTH Authentication required.']) {
      const { line, fatal } = describeRedisFailure(failing({ message }), url);
      expect({ fatal, line }).toEqual({
        fatal: true,
        line: expect.stringMatching(/^REDIS_URL \(redis:\/\/:\*\*\*\*@cache\.internal:6380\/0\): authentication failed/),
      });
    }
  });

  it('only warns for a server that does not answer yet: the service starts and waits for it', () => {
    expect(describeRedisFailure(failing({ code: 'ECONNREFUSED' }), url)).toEqual({
      line: 'REDIS_URL (redis://:****@cache.internal:6380/0): connection refused at cache.internal:6380. Starting anyway: the service connects as soon as Redis answers.',
      fatal: false,
    });
  });
});

describe('waitForFreePort', () => {
  it('answers true at once for a free port, and once a taken one is released within the wait', async () => {
    const server: Server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    expect(await waitForFreePort('127.0.0.1', port, 0)).toBe(false);
    setTimeout(() => server.close(), 200);
    expect(await waitForFreePort('127.0.0.1', port, 5_000)).toBe(true);
  });
});
