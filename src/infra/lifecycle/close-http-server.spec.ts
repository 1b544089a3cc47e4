import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { waitFor } from '@test/support/wait';
import { closeHttpServer, trackConnections } from './close-http-server';

describe('closeHttpServer', () => {
  const cleanup: Array<() => void> = [];
  afterEach(() => cleanup.splice(0).forEach((step) => step()));

  it('closes the listener before it closes idle keep-alive connections, and waits for requests in flight', async () => {
    let finishSlow: () => void = () => undefined;
    const server = http.createServer((req, res) => {
      if (req.url === '/slow') finishSlow = () => res.end('slow');
      else res.end('ok');
    });
    trackConnections(server);
    const listeningWhenIdleClosed: boolean[] = [];
    server.on('connection', (socket: Socket) => {
      const destroy = socket.destroy.bind(socket);
      socket.destroy = (error?: Error) => {
        listeningWhenIdleClosed.push(server.listening);
        return destroy(error);
      };
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true });
    cleanup.push(() => {
      agent.destroy();
      server.closeAllConnections();
      if (server.listening) server.close();
    });
    const get = (path: string) =>
      new Promise<string>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path, agent }, (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString()));
            res.on('end', () => resolve(body));
          })
          .on('error', reject);
      });
    // Two connections: one idle, one with a request in flight.
    await Promise.all([get('/a'), get('/b')]);
    const slow = get('/slow');
    await new Promise((resolve) => setTimeout(resolve, 50));

    let closed = false;
    const closing = closeHttpServer(server).then(() => (closed = true));
    expect(server.listening).toBe(false);
    await waitFor(() => listeningWhenIdleClosed.length > 0, { what: 'the idle connection to be closed' });
    expect(listeningWhenIdleClosed).toEqual([false]);
    expect(closed).toBe(false);

    finishSlow();
    expect(await slow).toBe('slow');
    agent.destroy();
    await closing;
    expect(closed).toBe(true);
  });

  it('closes the socket of a response whose head said keep-alive before the close as soon as that response ends', async () => {
    let finishStream: () => void = () => undefined;
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.write('streamed ');
      finishStream = () => res.end('to the end');
    });
    trackConnections(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true });
    cleanup.push(() => {
      agent.destroy();
      server.closeAllConnections();
      if (server.listening) server.close();
    });
    let socketClosed = false;
    const response = new Promise<{ connection: string | undefined; body: string }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
          let body = '';
          res.socket.once('close', () => (socketClosed = true));
          res.on('data', (chunk: Buffer) => {
            body += chunk.toString();
            if (body === 'streamed ') setImmediate(() => void closeAndFinish());
          });
          res.on('end', () => resolve({ connection: res.headers.connection, body }));
        })
        .on('error', reject);
    });
    let closing: Promise<void> | undefined;
    const closeAndFinish = () => {
      closing = closeHttpServer(server);
      finishStream();
    };

    expect(await response).toEqual({ connection: 'keep-alive', body: 'streamed to the end' });
    const startedAt = Date.now();
    // Node's own keep-alive timeout is 5 s: the server closes the connection well before it.
    await waitFor(() => closing !== undefined && socketClosed, { timeoutMs: 1_000, what: 'the server to close the socket' });
    await closing;
    expect(Date.now() - startedAt).toBeLessThan(1_000);
  });

  it('answers a request sent on an idle keep-alive connection the instant the server closes, instead of resetting it', async () => {
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => res.end(`answered ${req.url}`));
    });
    trackConnections(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    cleanup.push(() => {
      agent.destroy();
      server.closeAllConnections();
      if (server.listening) server.close();
    });
    const post = (path: string) =>
      new Promise<{ body: string; connection: string | undefined }>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', agent }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ body, connection: res.headers.connection }));
        });
        req.on('error', reject);
        req.end('hold');
      });
    expect((await post('/first')).connection).toBe('keep-alive');

    // The request is written on the idle connection in the same turn as the close: it is in the
    // socket's buffer, unread, when the server decides what is idle.
    const sent = post('/second');
    const closing = closeHttpServer(server);
    expect((await sent).body).toBe('answered /second');
    await closing;
  });
});
