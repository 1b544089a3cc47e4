import http from 'node:http';
import net from 'node:net';
import { ShutdownState } from '@infra/lifecycle/shutdown-state';
import { startMain } from '@test/support/cli';
import { freePort, useTestApp } from '@test/support/test-app';
import { waitFor } from '@test/support/wait';

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

describe('Graceful shutdown of a real process with a request in flight (decisions §15)', () => {
  /** Connects to the port; true once the connection is refused (the listener is closed). */
  const refused = (port: number) =>
    new Promise<boolean>((resolve) => {
      const probe = net.connect(port, '127.0.0.1');
      probe.once('connect', () => (probe.destroy(), resolve(false)));
      probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
    });

  it('a body still being sent when the listener closes: answered with Connection: close, the server closes the socket, exit 0 within the timeout', async () => {
    const port = await freePort();
    const grpcPort = await freePort();
    const timeoutMs = 3_000;
    const api = await startMain(
      {
        APP_ROLE: 'api',
        PORT: String(port),
        GRPC_URL: `127.0.0.1:${grpcPort}`,
        SHUTDOWN_DRAIN_MS: '300',
        SHUTDOWN_TIMEOUT_MS: String(timeoutMs),
      },
      'Storefront API listening',
    );
    try {
      // A client on a keep-alive connection sends the head and half the body before SIGTERM.
      const socket = net.connect(port, '127.0.0.1');
      await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
      const serverEnded = new Promise<number>((resolve) => socket.once('end', () => resolve(Date.now())));
      socket.on('error', () => undefined);
      const body = JSON.stringify({ email: 'not-an-address', password: 'short' });
      const half = Math.floor(body.length / 2);
      socket.write(
        `POST /api/v1/register HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, half)}`,
      );

      let exitedAt = 0;
      const exit = api.exited.then((code) => ((exitedAt = Date.now()), code));
      const signalledAt = Date.now();
      api.child.kill('SIGTERM');
      // The rest of the body arrives once the listener is closed (after the drain).
      await waitFor(() => refused(port), { timeoutMs: 5_000, what: 'the listener to close' });
      socket.write(body.slice(half));

      const endedAt = await serverEnded;
      const code = await exit;
      const head = received.split('\r\n\r\n')[0].split('\r\n');
      expect({ status: head[0], connection: head.find((line) => /^connection:/i.test(line)), code }).toEqual({
        status: 'HTTP/1.1 422 Unprocessable Entity',
        connection: 'Connection: close',
        code: 0,
      });
      // The server, not the exit, closed the connection: right after the response.
      expect(endedAt).toBeLessThan(exitedAt);
      expect(exitedAt - signalledAt).toBeLessThan(300 + timeoutMs);
      expect(api.output()).toContain('Shut down cleanly');
      expect(api.output()).not.toContain('Shutdown took too long');
      socket.destroy();
    } finally {
      api.child.kill('SIGKILL');
    }
  });

  it('at listener close, clients sending back to back on keep-alive connections get an answer to every request they sent: none is reset', async () => {
    const port = await freePort();
    const grpcPort = await freePort();
    const api = await startMain(
      { APP_ROLE: 'api', PORT: String(port), GRPC_URL: `127.0.0.1:${grpcPort}`, SHUTDOWN_DRAIN_MS: '300', SHUTDOWN_TIMEOUT_MS: '5000' },
      'Storefront API listening',
    );
    const agents: http.Agent[] = [];
    try {
      const exit = api.exited;
      /** A POST (no client retries it) on the client's keep-alive connection: its answer, or how it failed. */
      const post = (agent: http.Agent) =>
        new Promise<{ status?: number; connection?: string; failure?: string }>((resolve) => {
          const req = http.request({ host: '127.0.0.1', port, path: '/api/v1/no-such-route', method: 'POST', agent }, (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode, connection: res.headers.connection }));
          });
          req.on('error', (error: NodeJS.ErrnoException) =>
            resolve({ failure: `${error.code ?? error.message}${req.reusedSocket ? ' (reused connection)' : ''}` }),
          );
          req.setHeader('Content-Type', 'application/json');
          req.end('{"hold":true}');
        });
      const client = async () => {
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        agents.push(agent);
        const outcomes: Array<{ status?: number; connection?: string; failure?: string }> = [];
        // Back to back on one kept-alive connection, until the server says to close it (a client
        // behind a load balancer then goes to another instance) or the request fails.
        for (;;) {
          const outcome = await post(agent);
          outcomes.push(outcome);
          if (outcome.failure !== undefined || outcome.connection === 'close') break;
        }
        return outcomes;
      };
      // Serving first: every client has answers on its connection before the signal.
      const clients = Array.from({ length: 6 }, () => client());
      await waitFor(() => agents.length === 6, { what: 'the clients to start' });
      api.child.kill('SIGTERM');
      const outcomes = (await Promise.all(clients)).flat();
      expect(await exit).toBe(0);

      expect(outcomes.filter((outcome) => outcome.status !== undefined).length).toBeGreaterThan(6);
      // Every client was told in-band to close, on an answer; none had a request reset or hung up.
      expect(outcomes.filter((outcome) => outcome.failure !== undefined)).toEqual([]);
      expect(outcomes.filter((outcome) => outcome.connection === 'close')).toHaveLength(6);
      expect(api.output()).toContain('Shut down cleanly');
    } finally {
      for (const agent of agents) agent.destroy();
      api.child.kill('SIGKILL');
    }
  });
});
