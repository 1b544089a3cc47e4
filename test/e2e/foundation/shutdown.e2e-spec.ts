import http from 'node:http';
import { ShutdownState } from '@infra/lifecycle/shutdown-state';
import { useTestApp } from '@test/support/test-app';

describe('Graceful shutdown states (decisions §13)', () => {
  const t = useTestApp();

  /** A GET on a kept-alive connection, as load balancers and HTTP clients send them. */
  const get = (agent: http.Agent, path: string) =>
    new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
      http
        .get(`${t.baseUrl}${path}`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
        })
        .on('error', reject);
    });

  it('draining: readiness answers 503 while requests are still served; closing: answers tell keep-alive clients to close', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const state = t.get(ShutdownState);
    try {
      expect(await get(agent, '/health/ready')).toEqual({ status: 200, connection: 'keep-alive' });

      state.beginDraining();
      expect(await get(agent, '/health/ready')).toEqual({ status: 503, connection: 'keep-alive' });
      expect(await get(agent, '/health/live')).toEqual({ status: 200, connection: 'keep-alive' });

      state.beginClosing();
      expect(await get(agent, '/health/live')).toEqual({ status: 200, connection: 'close' });
    } finally {
      agent.destroy();
    }
  });
});
