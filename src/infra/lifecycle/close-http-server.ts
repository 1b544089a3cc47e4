import { Server as NetServer } from 'node:net';
import type { Server } from 'node:http';

/** How soon a connection that goes idle once the server is closing gets closed. */
const IDLE_SWEEP_INTERVAL_MS = 50;

/**
 * Stops an HTTP server taking connections and closes its idle keep-alive ones; resolves once the
 * connections with a request in flight have ended too. Their responses say `Connection: close`
 * when their head is written from now on (bootstrap/configure-http-app.ts), and Node closes the socket as
 * soon as such a response ends. A response whose head already said `keep-alive` (a download under
 * way) leaves its connection idle when it ends: idle connections are closed every
 * IDLE_SWEEP_INTERVAL_MS until the server is closed, rather than after Node's keep-alive timeout
 * (5 s, plus 1 s of Node's own margin, whatever `keepAliveTimeout` says). Either way a request in
 * flight holds the process no longer than it runs itself.
 *
 * The listener closes first. `http.Server#close` does it the other way round (Node 20: idle
 * connections, then the listener), and a client whose idle connection is closed reconnects at
 * once: if the process is descheduled between the two steps, that new connection lands in the
 * accept queue of a listener about to close, and the kernel resets it, a failure the client
 * cannot tell from a request cut mid-way. Listener first, the reconnect is refused instead.
 */
export function closeHttpServer(server: Server): Promise<void> {
  const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
  server.closeIdleConnections();
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_INTERVAL_MS);
  return closed.finally(() => clearInterval(sweep));
}
