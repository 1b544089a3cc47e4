import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnTs } from '@test/support/cli';
import { waitFor } from '@test/support/wait';

/** A port some other process holds for the test's duration. */
async function takenPort(): Promise<{ port: number; server: Server }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
  return { port: (server.address() as AddressInfo).port, server };
}

/** The one line a start-up failure prints, and the exit code (decisions §19). */
async function startFails(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const run = spawnTs('src/main.ts', [], { LOG_LEVEL: 'info', NODE_ENV: 'test', ...env });
  const code = await run.exited;
  return { code, output: run.output() };
}

describe('Start-up failures name their setting in one line (decisions §19)', () => {
  it('an unreachable DATABASE_URL: the URL without its password, the cause, exit 1, no stack', async () => {
    const { port, server } = await takenPort();
    server.close();
    const { code, output } = await startFails({
      DATABASE_URL: `postgres://shop:s3cret@127.0.0.1:${port}/shop`,
      PORT: '0',
      GRPC_URL: '127.0.0.1:0',
    });
    expect(code).toBe(1);
    expect(output).toContain(`DATABASE_URL (postgres://shop:****@127.0.0.1:${port}/shop): connection refused at 127.0.0.1:${port}.`);
    expect(output).not.toContain('s3cret');
    expect(output).not.toMatch(/^\s+at /m);
  });

  it('a port in use: PORT named, exit 1, without waiting on the database', async () => {
    const { port, server } = await takenPort();
    try {
      const { code, output } = await startFails({
        DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
        PORT: String(port),
        NODE_ENV: 'production',
        APP_KEY: 'k'.repeat(64),
      });
      expect(code).toBe(1);
      expect(output).toContain(`PORT (${port}): another process listens on 0.0.0.0:${port}.`);
      expect(output).not.toMatch(/^\s+at /m);
    } finally {
      server.close();
    }
  });
});

describe('Start-up waits for its ports outside production, and checks REDIS_URL', () => {
  it('a process started while the previous one still holds its port (watch mode) comes up once the port is free', async () => {
    const { port, server } = await takenPort();
    const run = spawnTs('src/main.ts', [], { LOG_LEVEL: 'info', NODE_ENV: 'test', PORT: String(port), GRPC_URL: '127.0.0.1:0' });
    try {
      setTimeout(() => server.close(), 1_000);
      await waitFor(() => run.output().includes('Storefront API listening'), { timeoutMs: 45_000, what: 'the API to listen' });
      expect(run.output()).not.toContain('another process listens');
    } finally {
      run.child.kill('SIGTERM');
      await run.exited;
      server.close();
    }
  });

  it('an unknown REDIS_URL host is said in one line, exit 1', async () => {
    const { code, output } = await startFails({ REDIS_URL: 'redis://:pw@no-such-host.invalid:6379/0', PORT: '0', GRPC_URL: '127.0.0.1:0' });
    expect(code).toBe(1);
    expect(output).toContain('REDIS_URL (redis://:****@no-such-host.invalid:6379/0): unknown host "no-such-host.invalid".');
    expect(output).not.toMatch(/^\s+at /m);
  });
});

describe('scripts/check-ports.js, before `npm run serve` builds', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'check-ports-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const check = (env: Record<string, string>) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, ['scripts/check-ports.js'], {
        env: { ...process.env, DATA_DIR: dataDir, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('close', (code) => resolve({ code, output }));
    });

  it('names the running instance and its pid, or the setting of a port another program holds; passes when both are free', async () => {
    const { port, server } = await takenPort();
    const grpc = await takenPort();
    grpc.server.close();
    try {
      expect(await check({ PORT: String(port), GRPC_URL: `127.0.0.1:${grpc.port}` })).toEqual({
        code: 1,
        output: `Another process listens on port ${port} (PORT): stop it, or set PORT to a free one.\n`,
      });
      writeFileSync(join(dataDir, 'storefront.pid'), JSON.stringify({ pid: process.pid, port, grpcPort: grpc.port }));
      expect(await check({ PORT: String(port), GRPC_URL: `127.0.0.1:${grpc.port}` })).toEqual({
        code: 1,
        output: `Another instance is running on port ${port} (pid ${process.pid}): stop it first, or set PORT for this one.\n`,
      });
    } finally {
      server.close();
    }
    expect(await check({ PORT: String(port), GRPC_URL: `127.0.0.1:${grpc.port}` })).toEqual({ code: 0, output: '' });
  });
});
