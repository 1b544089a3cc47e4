import { ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { TEST_ENV } from '@test/support/test-env';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>, readyText: string): Promise<Started> {
  const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', 'src/main.ts'], {
    cwd: process.cwd(),
    env: { ...process.env, ...TEST_ENV, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready:\n${output}`)), 45_000);
    const poll = setInterval(() => {
      if (output.includes(readyText)) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve({ child, output: () => output, exited });
      }
    }, 50);
    child.on('exit', () => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`exited before ready:\n${output}`));
    });
  });
}

describe('Process roles and shutdown (decisions §11)', () => {
  it('an api process serves HTTP, then on SIGTERM stops accepting and exits cleanly', async () => {
    const port = await freePort();
    const grpcPort = await freePort();
    const api = await start({ APP_ROLE: 'api', PORT: String(port), GRPC_URL: `127.0.0.1:${grpcPort}` }, 'Storefront API listening');
    const live = await fetch(`http://127.0.0.1:${port}/health/live`);
    expect(await live.text()).toBe('OK');

    api.child.kill('SIGTERM');
    expect(await api.exited).toBe(0);
    expect(api.output()).toContain('Shut down cleanly');
    await expect(fetch(`http://127.0.0.1:${port}/health/live`)).rejects.toThrow();
  });

  it('a worker process runs without a listener and exits cleanly on SIGTERM', async () => {
    const worker = await start({ APP_ROLE: 'worker' }, 'Worker started');
    expect(worker.output()).not.toContain('Storefront API listening');
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
  });

  it('refuses to start with an invalid variable, naming it', async () => {
    await expect(start({ APP_ROLE: 'worker', THROTTLE_API: 'lots' }, 'Worker started')).rejects.toThrow(/THROTTLE_API/);
  });
});
