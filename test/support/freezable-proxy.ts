import { createConnection, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { useStarted } from './lifecycle';

/**
 * A TCP proxy on 127.0.0.1 in front of a real server (PostgreSQL, Redis), for the outages where the
 * server accepts connections but does not answer: a paused process, an overloaded host, a network
 * blackhole. `freeze()` stops forwarding bytes both ways without closing anything (bytes sent
 * meanwhile are held, as a paused server's kernel holds them, and delivered on `thaw()`); new
 * connections are still accepted, and their bytes held too.
 */
export interface FreezableProxy {
  /** The proxied server's URL with the proxy's host and port in its place. */
  url: string;
  port: number;
  /**
   * `both` (default): nothing goes through. `replies`: what clients send still reaches the server,
   * only its answers are held (a command executed whose reply was lost).
   */
  freeze(direction?: 'both' | 'replies'): void;
  /**
   * Freezes the replies (as `freeze('replies')`) the moment a client sends bytes that `matches`:
   * those bytes still reach the server, whose answer to them is the first one held.
   */
  freezeRepliesFrom(matches: (sent: Buffer) => boolean): void;
  thaw(): void;
  readonly frozen: boolean;
  /** Drops every connection (both sides) without freezing: the server restarted. */
  resetConnections(): void;
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  server: Socket;
  /** Bytes received while frozen, per direction, delivered on thaw. */
  held: Array<{ to: Socket; chunk: Buffer }>;
}

export async function startFreezableProxy(targetUrl: string): Promise<FreezableProxy> {
  const target = new URL(targetUrl);
  const targetHost = target.hostname || '127.0.0.1';
  const targetPort = Number(target.port || (target.protocol.startsWith('redis') ? 6379 : 5432));
  const pairs = new Set<Pair>();
  let frozen = false;
  let requestsFlow = false;
  let trigger: ((sent: Buffer) => boolean) | null = null;

  const server: Server = createServer((client) => {
    const upstream = createConnection({ host: targetHost, port: targetPort });
    const pair: Pair = { client, server: upstream, held: [] };
    pairs.add(pair);
    const forward = (to: Socket) => (chunk: Buffer) => {
      if (to === upstream && trigger?.(chunk)) {
        trigger = null;
        frozen = true;
        requestsFlow = true;
      }
      if (frozen && !(requestsFlow && to === upstream)) pair.held.push({ to, chunk });
      else if (!to.destroyed) to.write(chunk);
    };
    client.on('data', forward(upstream));
    upstream.on('data', forward(client));
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const proxied = new URL(targetUrl);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(port);

  return {
    url: proxied.toString(),
    port,
    get frozen() {
      return frozen;
    },
    freeze(direction = 'both') {
      frozen = true;
      requestsFlow = direction === 'replies';
    },
    freezeRepliesFrom(matches) {
      trigger = matches;
    },
    thaw() {
      frozen = false;
      requestsFlow = false;
      trigger = null;
      for (const pair of pairs) {
        for (const { to, chunk } of pair.held.splice(0)) if (!to.destroyed) to.write(chunk);
      }
    },
    resetConnections() {
      for (const pair of pairs) {
        pair.client.resetAndDestroy();
        pair.server.destroy();
      }
      pairs.clear();
    },
    close() {
      for (const pair of pairs) {
        pair.client.destroy();
        pair.server.destroy();
      }
      pairs.clear();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A proxy for a describe block: started in its beforeAll, thawed and closed in its afterAll. */
export function useFreezableProxy(targetUrl: () => string): FreezableProxy {
  return useStarted(
    () => startFreezableProxy(targetUrl()),
    async (proxy) => {
      proxy.thaw();
      await proxy.close();
    },
  );
}
