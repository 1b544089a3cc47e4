import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConfigService } from '@nestjs/config';
import type { Env } from '@config/env.schema';
import type { QueueReadiness } from '@infra/queue/queue-readiness';
import { WorkerHeartbeat } from './worker-heartbeat';

describe('WorkerHeartbeat', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'heartbeat-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const heartbeat = (unavailable: string[]) =>
    new WorkerHeartbeat(
      { unavailable: () => Promise.resolve(unavailable) } as unknown as QueueReadiness,
      { get: () => '' } as unknown as ConfigService<Env, true>,
    );

  it('writes the time when every queue answers', async () => {
    const file = join(dir, 'beat');
    expect(await heartbeat([]).beat(file)).toBe(true);
    expect(Number(await readFile(file, 'utf8'))).toBeGreaterThan(Date.now() - 5_000);
  });

  it('skips the beat while a queue connection does not answer', async () => {
    const file = join(dir, 'beat');
    expect(await heartbeat(['mail']).beat(file)).toBe(false);
    await expect(readFile(file, 'utf8')).rejects.toThrow(/ENOENT/);
  });
});
