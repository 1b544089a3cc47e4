import { Server as NetServer } from 'node:net';
import type { Server } from 'node:http';

/**
 * Stops an HTTP server taking connections and closes its idle keep-alive ones; resolves once the
 * connections with a request in flight have ended too (their responses say `Connection: close`).
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
  return closed;
}
