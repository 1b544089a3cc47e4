/**
 * The Redis channel prefix of Socket.IO events, the same for the adapter of API processes and the
 * emitter of workers: `<QUEUE_PREFIX>:socket.io`.
 */
export function socketIoChannelKey(prefix: string): string {
  return `${prefix}:socket.io`;
}
