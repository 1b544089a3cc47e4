import { Inject, Logger } from '@nestjs/common';
import { OnGatewayConnection, OnGatewayInit, WebSocketGateway } from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { DEPENDENCY_UNAVAILABLE_MESSAGE, isDependencyUnavailable } from '@common/errors/dependency-unavailable';
import { PRINCIPAL_RESOLVER, PrincipalResolver } from '@common/context/ports';
import type { Principal } from '@common/context/request-context';
import { merchantAccessRefusal } from '@common/context/tenant-access.guard';
import { tokenRoom } from '@infra/realtime/socket-io-channels';
import { tenantRoom } from './channels/broadcast.channel';

/** What the handshake established about a connection, kept on `socket.data`. */
interface MerchantConnection {
  userId: string;
  tenantId: string;
  tokenId: string;
  /** Epoch ms when the token expires; null when it never does. */
  expiresAt: number | null;
}

/** setTimeout's longest delay (about 24.8 days; a longer one fires at once): a later expiry is reached in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** A refused handshake: the client's `connect_error` carries `message` and, when given, `data`. */
class HandshakeRefusal extends Error {
  constructor(
    message: string,
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/**
 * The realtime channel of merchant notifications (decisions §9): Socket.IO on the HTTP server at
 * `/socket.io`. The handshake must carry a bearer token (`auth.token`, or an `Authorization:
 * Bearer` header), checked by the same resolver as HTTP requests, so an unknown, expired or revoked
 * token is refused ("Unauthenticated."). A user who may use the merchant routes joins the room of
 * its own shop, `private-tenant.{tenantId}`; anyone else signed in is refused ("Forbidden.") rather
 * than left connected to nothing. Rooms are assigned by the server only: the gateway handles no
 * client message, so a client asking to join another room is ignored.
 *
 * Each connection also joins the room of its token, `token.{tokenId}`: revoking the token (sign-out,
 * a claim of the account, a role change) disconnects that room on every instance (TokenService,
 * decisions §15). A revocation that lands between the handshake's check and the join would miss the
 * connection, so the token is checked once more after joining: by then the revocation's stamp is
 * written, and the connection is closed.
 *
 * A connection also ends with its token: a timer per socket, set at the connection to the token's
 * expiry and cleared when the socket disconnects, closes it then (an HTTP request with that token
 * is 401 from that moment on; docs/notifications.md, "Realtime").
 */
@WebSocketGateway({ path: '/socket.io' })
export class NotificationsGateway implements OnGatewayInit<Server>, OnGatewayConnection<Socket> {
  private readonly logger = new Logger(NotificationsGateway.name);

  constructor(@Inject(PRINCIPAL_RESOLVER) private readonly principals: PrincipalResolver) {}

  afterInit(server: Server): void {
    server.use((socket, next) => {
      this.admit(socket).then(
        (connection) => {
          socket.data = connection;
          next();
        },
        (error: unknown) => next(error instanceof HandshakeRefusal ? error : this.serverError(error)),
      );
    });
  }

  handleConnection(socket: Socket): void {
    const { tenantId, tokenId, expiresAt } = socket.data as MerchantConnection;
    closeAtExpiry(socket, expiresAt);
    void socket.join([tenantRoom(tenantId), tokenRoom(tokenId)]);
    this.admit(socket).then(
      (now) => {
        if (now.tenantId !== tenantId || now.tokenId !== tokenId) socket.disconnect();
      },
      (error: unknown) => {
        // While PostgreSQL is down the connection stays, as every other one does during the outage.
        if (error instanceof HandshakeRefusal) {
          if (error.message !== DEPENDENCY_UNAVAILABLE_MESSAGE) socket.disconnect();
        } else {
          this.logger.error({ err: error }, 'Socket.IO token re-check failed');
        }
      },
    );
  }

  private async admit(socket: Socket): Promise<MerchantConnection> {
    const token = bearerTokenOf(socket.handshake);
    const principal = token ? await this.verify(token) : null;
    if (!principal) throw new HandshakeRefusal('Unauthenticated.');
    const refusal = merchantAccessRefusal(principal);
    if (refusal || !principal.tenantId) throw new HandshakeRefusal('Forbidden.', { reason: refusal });
    return {
      userId: principal.id,
      tenantId: principal.tenantId,
      tokenId: principal.tokenId,
      expiresAt: principal.tokenExpiresAt ? new Date(principal.tokenExpiresAt).getTime() : null,
    };
  }

  private async verify(token: string): Promise<Principal | null> {
    try {
      return await this.principals.verify(token);
    } catch (error) {
      // PostgreSQL is down: the client may retry, as after an HTTP 503.
      if (isDependencyUnavailable(error)) throw new HandshakeRefusal(DEPENDENCY_UNAVAILABLE_MESSAGE);
      throw error;
    }
  }

  private serverError(error: unknown): HandshakeRefusal {
    this.logger.error({ err: error }, 'Socket.IO handshake failed');
    return new HandshakeRefusal('Server Error');
  }
}

/** Disconnects `socket` when `expiresAt` (epoch ms) passes; the timer goes with the socket's disconnection. */
function closeAtExpiry(socket: Socket, expiresAt: number | null): void {
  if (expiresAt === null) return;
  let timer: NodeJS.Timeout | undefined;
  const check = () => {
    const left = expiresAt - Date.now();
    if (left <= 0) {
      socket.disconnect(true);
      return;
    }
    timer = setTimeout(check, Math.min(left, MAX_TIMER_MS));
    // A socket's timer never keeps the process alive on its own (shutdown closes the sockets).
    timer.unref();
  };
  socket.once('disconnect', () => clearTimeout(timer));
  check();
}

/** The handshake's bearer token: `auth.token` (with or without `Bearer `), else the Authorization header. Never a query parameter (URLs end up in logs). */
function bearerTokenOf(handshake: Socket['handshake']): string | null {
  const auth = handshake.auth as Record<string, unknown> | undefined;
  if (typeof auth?.token === 'string') return auth.token.replace(/^Bearer\s+/i, '').trim() || null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(handshake.headers.authorization ?? '');
  return match ? match[1] : null;
}
