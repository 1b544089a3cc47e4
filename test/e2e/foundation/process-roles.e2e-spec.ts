import { startMain as start } from '@test/support/cli';
import { freePort } from '@test/support/test-app';

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
