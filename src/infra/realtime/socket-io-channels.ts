/**
 * The channel prefix of Socket.IO events, the same for the adapter of API processes and the emitter
 * of workers: `<QUEUE_PREFIX>:socket.io`. On Redis it prefixes the pub/sub channels; on PostgreSQL
 * (PostgreSQL-only mode) the NOTIFY channel is `<prefix>#<namespace>`.
 */
export function socketIoChannelKey(prefix: string): string {
  return `${prefix}:socket.io`;
}

/** Where Socket.IO's PostgreSQL adapter and emitter keep packets too big for NOTIFY (migration SocketIoAttachments). */
export const SOCKET_IO_ATTACHMENTS_TABLE = 'socket_io_attachments';

/**
 * The Socket.IO room of one bearer token: every connection opened with the token joins it, so that
 * revoking the token (sign-out, a claim of the account, a role change) closes them on every instance.
 */
export function tokenRoom(tokenId: string): string {
  return `token.${tokenId}`;
}
