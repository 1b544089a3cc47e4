import { Server as NetServer, type Socket } from 'node:net';
import type { Server } from 'node:http';

/** How often the connections of a closing server are looked at. */
const SWEEP_INTERVAL_MS = 50;
/**
 * How long a connection must have received nothing, with no response under way, before a closing
 * server closes it: a client that sends its next request right after an answer is served (with
 * `Connection: close`) rather than reset.
 */
const QUIET_MS = 100;

/** The connections each server has open, for closeHttpServer. */
const connectionsOf = new WeakMap<Server, Set<Socket>>();

/** Keeps the set of `server`'s open connections (one listener per connection), which closeHttpServer needs. */
export function trackConnections(server: Server): void {
  if (connectionsOf.has(server)) return;
  const sockets = new Set<Socket>();
  connectionsOf.set(server, sockets);
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
}

/** The response Node's HTTP server has attached to the socket (not in the typings), if one is under way. */
function responseUnderWay(socket: Socket): boolean {
  const response = (socket as Socket & { _httpMessage?: { finished?: boolean } | null })._httpMessage;
  return Boolean(response && !response.finished);
}

/**
 * Stops an HTTP server taking connections and closes its idle keep-alive ones; resolves once the
 * connections with a request in flight have ended too. Their responses say `Connection: close`
 * when their head is written from now on (bootstrap/configure-http-app.ts), and Node closes the
 * socket as soon as such a response ends. So a request in flight holds the process no longer than
 * it runs itself.
 *
 * The listener closes first. `http.Server#close` does it the other way round (Node 20: idle
 * connections, then the listener), and a client whose idle connection is closed reconnects at
 * once: if the process is descheduled between the two steps, that new connection lands in the
 * accept queue of a listener about to close, and the kernel resets it, a failure the client
 * cannot tell from a request cut mid-way. Listener first, the reconnect is refused instead.
 *
 * An idle connection is closed only once it has been quiet for QUIET_MS: nothing received, no
 * response under way (checked every SWEEP_INTERVAL_MS). Closing one the instant it has no response
 * (Node's `closeIdleConnections`) resets the request its client has just sent on it, in the socket
 * buffer or on the wire: the client, busy, gets ECONNRESET for a request the server never read.
 * Waiting for a quiet spell, that request is read and answered (`Connection: close`), and a busy
 * client is told to close in-band; a client quiet that long is no longer in the middle of sending.
 * A response whose head already said `keep-alive` (a download under way) leaves its connection
 * idle when it ends, and it is closed the same way, rather than after Node's keep-alive timeout.
 */
export function closeHttpServer(server: Server): Promise<void> {
  const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
  const sockets = connectionsOf.get(server);
  if (!sockets) {
    // Not tracked (a server this module never saw): Node's own idea of idle.
    server.closeIdleConnections();
    const sweep = setInterval(() => server.closeIdleConnections(), SWEEP_INTERVAL_MS);
    return closed.finally(() => clearInterval(sweep));
  }
  const seen = new Map<Socket, { bytesRead: number; quietSince: number }>();
  const sweep = () => {
    const now = Date.now();
    for (const socket of sockets) {
      const last = seen.get(socket);
      if (responseUnderWay(socket) || !last || last.bytesRead !== socket.bytesRead) {
        seen.set(socket, { bytesRead: socket.bytesRead, quietSince: now });
      } else if (now - last.quietSince >= QUIET_MS) {
        socket.destroy();
      }
    }
  };
  sweep();
  const timer = setInterval(sweep, SWEEP_INTERVAL_MS);
  return closed.finally(() => clearInterval(timer));
}
