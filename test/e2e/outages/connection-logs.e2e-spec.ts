import { randomUUID } from 'node:crypto';
import { startMain } from '@test/support/cli';
import { describeIf, requirements } from '@test/support/conditions';
import { useRedisServer } from '@test/support/private-servers';
import { freePort } from '@test/support/test-app';
import { settleFor, waitFor } from '@test/support/wait';

/** The JSON log lines of a process's output; anything else on it is raw text. */
function parse(output: string): { json: Array<Record<string, unknown>>; raw: string[] } {
  const json: Array<Record<string, unknown>> = [];
  const raw: string[] = [];
  for (const line of output.split('\n').filter((text) => text.trim())) {
    try {
      json.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      raw.push(line);
    }
  }
  return { json, raw };
}

describeIf(requirements.redisServer)('Connection errors are JSON log lines (decisions §13)', () => {
  jest.setTimeout(90_000);
  const redis = useRedisServer();

  it('a process whose Redis is SIGKILLed logs one JSON line per connection for the outage and one when it is back, and no raw text', async () => {
    const port = await freePort();
    const main = await startMain(
      {
        APP_ROLE: 'all',
        PORT: String(port),
        GRPC_URL: `127.0.0.1:${await freePort()}`,
        // Store and queues on this Redis whatever the suite's mode: the drill is about losing Redis.
        REDIS_URL: redis.url,
        STORE_BACKEND: 'redis',
        QUEUE_BACKEND: 'redis',
        QUEUE_PREFIX: `logs-${randomUUID().slice(0, 8)}`,
      },
      'Storefront API listening',
    );
    try {
      await redis.kill();
      await waitFor(() => main.output().includes('Connection lost'), { what: 'the outage in the log' });
      await settleFor(3_000, 'several reconnect attempts fail meanwhile: they must stay silent');
      const during = parse(main.output());
      expect(main.output()).not.toContain('Unhandled error event');
      expect(during.raw).toEqual([]);
      const lost = during.json.filter((line) => line.msg === 'Connection lost; retrying');
      const connections = lost.map((line) => String(line.connection)).sort();
      expect(connections).toEqual(
        expect.arrayContaining(['commands', 'queue analytics', 'worker analytics', 'socket.io-pub', 'socket.io-sub']),
      );
      // Once per connection, however many retries failed.
      expect(connections).toEqual([...new Set(connections)]);
      // Structured: which dependency, and the error (a connection in use sees its socket reset, an
      // idle one its reconnect refused).
      for (const line of lost) {
        expect(line).toEqual(
          expect.objectContaining({ level: 40, dependency: 'redis', error: expect.objectContaining({ message: expect.any(String) }) }),
        );
      }

      await redis.restart();
      await waitFor(() => parse(main.output()).json.filter((line) => line.msg === 'Connection restored').length >= lost.length, {
        what: 'every connection restored in the log',
      });
      const after = parse(main.output());
      expect(after.raw).toEqual([]);
      expect(
        after.json
          .filter((line) => line.msg === 'Connection restored')
          .map((line) => String(line.connection))
          .sort(),
      ).toEqual(connections);
      expect((await fetch(`http://127.0.0.1:${port}/health/ready`)).status).toBe(200);
    } finally {
      main.child.kill('SIGTERM');
      await main.exited;
    }
  });
});
