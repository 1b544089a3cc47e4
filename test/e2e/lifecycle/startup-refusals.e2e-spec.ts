import { readFileSync } from 'node:fs';
import { status } from '@grpc/grpc-js';
import { startMain } from '@test/support/cli';
import { identityClient } from '@test/support/grpc-clients';
import { freePort } from '@test/support/test-app';

/** The APP_KEY an operator gets by copying .env.example and changing nothing. */
const exampleAppKey = /^APP_KEY=(.*)$/m.exec(readFileSync('.env.example', 'utf8'))?.[1] ?? '';
const GRPC_TOKEN = 'g'.repeat(32);

/** Configurations that would expose the service are refused at start-up, naming the variable (decisions §11). */
describe('Start-up refusals', () => {
  it('refuses the APP_KEY of .env.example in production', async () => {
    expect(exampleAppKey.length).toBeGreaterThanOrEqual(32);
    await expect(startMain({ APP_ROLE: 'worker', NODE_ENV: 'production', APP_KEY: exampleAppKey }, 'Worker started')).rejects.toThrow(
      /exited \(1\)[\s\S]*APP_KEY/,
    );
  });

  it('starts in production with a key of its own, and in development with the example key (positive controls)', async () => {
    const envs: Array<Record<string, string>> = [{ NODE_ENV: 'production' }, { NODE_ENV: 'development', APP_KEY: exampleAppKey }];
    for (const env of envs) {
      const worker = await startMain({ APP_ROLE: 'worker', ...env }, 'Worker started');
      worker.child.kill('SIGTERM');
      expect(await worker.exited).toBe(0);
    }
  });

  it.each(['STORE_BACKEND', 'QUEUE_BACKEND'])('refuses %s=redis without REDIS_URL, naming REDIS_URL', async (name) => {
    const env = { REDIS_URL: '', STORE_BACKEND: '', QUEUE_BACKEND: '', [name]: 'redis' };
    await expect(startMain({ APP_ROLE: 'worker', ...env }, 'Worker started')).rejects.toThrow(
      new RegExp(`exited \\(1\\)[\\s\\S]*${name}=redis needs REDIS_URL`),
    );
  });

  it('starts without REDIS_URL, on PostgreSQL only (positive control)', async () => {
    const worker = await startMain({ APP_ROLE: 'worker', REDIS_URL: '', STORE_BACKEND: '', QUEUE_BACKEND: '' }, 'Worker started');
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
  });

  it.each([
    ['no token', {}],
    ['a token shorter than 32 characters', { GRPC_AUTH_TOKEN: 'g'.repeat(31) }],
  ])('refuses a gRPC listener on all interfaces with %s', async (_case, env) => {
    const [port, grpcPort] = [await freePort(), await freePort()];
    await expect(
      startMain({ APP_ROLE: 'api', PORT: String(port), GRPC_URL: `0.0.0.0:${grpcPort}`, ...env }, 'Storefront API listening'),
    ).rejects.toThrow(/exited \(1\)[\s\S]*GRPC_AUTH_TOKEN/);
  });

  it('serves gRPC on all interfaces with a token of 32 characters, and asks callers for it (positive control)', async () => {
    const [port, grpcPort] = [await freePort(), await freePort()];
    const api = await startMain(
      { APP_ROLE: 'api', PORT: String(port), GRPC_URL: `0.0.0.0:${grpcPort}`, GRPC_AUTH_TOKEN: GRPC_TOKEN },
      'Storefront API listening',
    );
    const client = identityClient(`127.0.0.1:${grpcPort}`);
    try {
      const error = await client.registerUser({}).catch((e: { code: number }) => e);
      expect(error).toMatchObject({ code: status.UNAUTHENTICATED });
      const invalid = await client.registerUser({}, { authorization: GRPC_TOKEN }).catch((e: { code: number }) => e);
      expect(invalid).toMatchObject({ code: status.INVALID_ARGUMENT });
    } finally {
      client.close();
      api.child.kill('SIGTERM');
      await api.exited;
    }
  });
});
