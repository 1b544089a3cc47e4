import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { waitFor } from './wait';

/** A Socket.IO client of the realtime channel, with every event it received, in order. */
export interface RealtimeClient {
  socket: Socket;
  received: Array<{ event: string; payload: unknown }>;
  /** Payloads of `event` received so far. */
  payloadsOf(event: string): unknown[];
}

/** How a handshake ended: connected, or refused with the server's `connect_error`. */
export type HandshakeOutcome = { connected: true } | { connected: false; message: string; data: unknown };

/**
 * Opens Socket.IO clients against test apps (WebSocket transport, no automatic reconnection, as a
 * browser tab behind several instances would be configured) and disconnects them all at the end of
 * each test, so no socket outlives its test or keeps jest from exiting.
 */
export function useRealtimeClients(): { connect: (baseUrl: string, options?: Partial<ManagerOptions & SocketOptions>) => RealtimeClient } {
  const open: Socket[] = [];
  afterEach(() => {
    for (const socket of open.splice(0)) socket.disconnect();
  });
  return {
    connect(baseUrl, options = {}) {
      const socket = io(baseUrl, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, ...options });
      open.push(socket);
      const received: RealtimeClient['received'] = [];
      socket.onAny((event: string, payload: unknown) => received.push({ event, payload }));
      return {
        socket,
        received,
        payloadsOf: (event) => received.filter((entry) => entry.event === event).map((entry) => entry.payload),
      };
    },
  };
}

/** Waits for the end of the handshake. */
export function handshake(client: RealtimeClient, timeoutMs = 10_000): Promise<HandshakeOutcome> {
  const { socket } = client;
  if (socket.connected) return Promise.resolve({ connected: true });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`No handshake outcome within ${timeoutMs} ms`)), timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve({ connected: true });
    });
    socket.once('connect_error', (error: Error & { data?: unknown }) => {
      clearTimeout(timer);
      resolve({ connected: false, message: error.message, data: error.data });
    });
  });
}

/** The payloads of `event` once at least `count` arrived. */
export function eventsOf(client: RealtimeClient, event: string, count = 1, timeoutMs = 10_000): Promise<unknown[]> {
  return waitFor(
    () => {
      const payloads = client.payloadsOf(event);
      return payloads.length >= count ? payloads : null;
    },
    { timeoutMs, what: `${count} "${event}" event(s)` },
  );
}
