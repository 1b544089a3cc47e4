import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

/**
 * A TCP relay on loopback in front of a test app, for a browser that must lose the server while
 * the server itself keeps running (the test still places orders through the API meanwhile):
 *
 *   const proxy = await startOutageProxy(t.baseUrl);
 *   await openSignedIn(page, proxy, token, '/orders'); // the page knows only proxy.baseUrl
 *   proxy.cut();     // every open connection reset (HTTP keep-alive, the Socket.IO WebSocket), new ones refused
 *   proxy.restore(); // connections relayed again
 *
 * Everything the page asks while cut fails at the network level: API calls, its code's chunks and
 * stylesheets, the WebSocket's reconnects, as when the server is down or out of reach.
 */
export interface OutageProxy {
  /** http://127.0.0.1:<port> of the relay. */
  baseUrl: string;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startOutageProxy(target: string): Promise<OutageProxy> {
  const { hostname, port } = new URL(target);
  const open = new Set<Socket>();
  let down = false;

  const server = createServer((client) => {
    if (down) {
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(Number(port), hostname);
    const pair = [client, upstream];
    for (const socket of pair) {
      open.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        open.delete(socket);
        for (const other of pair) if (other !== socket && !other.destroyed) other.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });

  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    cut() {
      down = true;
      for (const socket of open) socket.resetAndDestroy();
      open.clear();
    },
    restore() {
      down = false;
    },
    close() {
      down = true;
      for (const socket of open) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
