import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HEARTBEAT_MAX_AGE_MS, livenessProblem } from './liveness-probe';

describe('livenessProblem', () => {
  describe('a worker: its heartbeat file', () => {
    let dir: string;
    beforeEach(async () => {
      dir = await mkdtemp(join(tmpdir(), 'liveness-'));
    });
    afterEach(() => rm(dir, { recursive: true, force: true }));

    it('alive while the file is younger than 60 s', async () => {
      const file = join(dir, 'beat');
      await writeFile(file, '1');
      expect(await livenessProblem({ APP_ROLE: 'worker', WORKER_HEARTBEAT_FILE: file })).toBeNull();
    });

    it('not alive once it is older, nor without a file or a setting', async () => {
      const file = join(dir, 'beat');
      await writeFile(file, '1');
      const old = new Date(Date.now() - HEARTBEAT_MAX_AGE_MS - 5_000);
      await utimes(file, old, old);
      expect(await livenessProblem({ APP_ROLE: 'worker', WORKER_HEARTBEAT_FILE: file })).toMatch(/ms old/);
      expect(await livenessProblem({ APP_ROLE: 'worker', WORKER_HEARTBEAT_FILE: join(dir, 'none') })).toMatch(/no heartbeat yet/);
      expect(await livenessProblem({ APP_ROLE: 'worker' })).toMatch(/WORKER_HEARTBEAT_FILE/);
    });
  });

  describe('a process with a listener: GET /health/live', () => {
    let server: Server | undefined;
    afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

    const serve = async (status: number): Promise<string> => {
      server = createServer((req, res) => res.writeHead(req.url === '/health/live' ? status : 404).end());
      await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
      return String((server.address() as AddressInfo).port);
    };

    it('alive on 200', async () => {
      expect(await livenessProblem({ APP_ROLE: 'api', PORT: await serve(200) })).toBeNull();
    });

    it('not alive on another status or without an answer', async () => {
      const port = await serve(503);
      expect(await livenessProblem({ PORT: port })).toMatch(/503/);
      await new Promise<void>((resolve) => server!.close(() => resolve()));
      server = undefined;
      expect(await livenessProblem({ PORT: port })).toMatch(/ECONNREFUSED/);
    });
  });
});
