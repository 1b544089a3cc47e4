import type { Socket } from 'socket.io';
import { DependencyUnavailableError } from '@common/errors/dependency-unavailable';
import type { PrincipalResolver } from '@common/context/ports';
import type { Principal } from '@common/context/request-context';
import { NotificationsGateway } from './notifications.gateway';

const owner: Principal = { id: 'user-1', tenantId: 'tenant-1', role: 'owner', isSuperAdmin: false, tokenId: '42', tokenExpiresAt: null };

/** A connection admitted with token 42 of `owner`, whose token now verifies as `now` does. */
async function connectionRechecked(now: () => Promise<Principal | null>) {
  const resolver: PrincipalResolver = { verify: jest.fn(now) };
  const gateway = new NotificationsGateway(resolver);
  const socket = {
    data: { userId: owner.id, tenantId: owner.tenantId, tokenId: owner.tokenId, expiresAt: null },
    handshake: { auth: { token: '42|secret' }, headers: {} },
    join: jest.fn(),
    disconnect: jest.fn(),
  };
  gateway.handleConnection(socket as unknown as Socket);
  // The re-check settles within a few turns of the event loop.
  await new Promise((resolve) => setImmediate(resolve));
  return socket;
}

describe('NotificationsGateway: the token is checked again once the connection joined its rooms (decisions §15)', () => {
  it('joins the shop room and the token room', async () => {
    const socket = await connectionRechecked(() => Promise.resolve(owner));
    expect(socket.join).toHaveBeenCalledWith(['private-tenant.tenant-1', 'token.42']);
    expect(socket.disconnect).not.toHaveBeenCalled();
  });

  it('disconnects a connection whose token was revoked between the handshake and the join', async () => {
    const socket = await connectionRechecked(() => Promise.resolve(null));
    expect(socket.disconnect).toHaveBeenCalled();
  });

  it('disconnects a connection whose user left the shop meanwhile', async () => {
    const socket = await connectionRechecked(() => Promise.resolve({ ...owner, tenantId: null }));
    expect(socket.disconnect).toHaveBeenCalled();
  });

  it('keeps the connection while PostgreSQL is down (as every other one)', async () => {
    const socket = await connectionRechecked(() => Promise.reject(new DependencyUnavailableError('postgres', 'connection refused')));
    expect(socket.disconnect).not.toHaveBeenCalled();
  });
});

describe('NotificationsGateway: a connection ends with its token', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** A connection admitted with a token expiring at `expiresAt`; `disconnectedByClient()` runs the socket's disconnect listeners. */
  function connection(expiresAt: number | null) {
    const gateway = new NotificationsGateway({ verify: jest.fn(() => new Promise<Principal | null>(() => undefined)) });
    const listeners: Array<() => void> = [];
    const socket = {
      data: { userId: owner.id, tenantId: owner.tenantId, tokenId: owner.tokenId, expiresAt },
      handshake: { auth: { token: '42|secret' }, headers: {} },
      join: jest.fn(),
      disconnect: jest.fn(),
      once: jest.fn((event: string, listener: () => void) => event === 'disconnect' && listeners.push(listener)),
    };
    gateway.handleConnection(socket as unknown as Socket);
    return { socket, disconnectedByClient: () => listeners.forEach((listener) => listener()) };
  }

  it('disconnects the socket when its token expires, not before', () => {
    const { socket } = connection(Date.now() + 5_000);
    jest.advanceTimersByTime(4_999);
    expect(socket.disconnect).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(socket.disconnect).toHaveBeenCalledWith(true);
  });

  it("reaches an expiry beyond setTimeout's longest delay (30 days) in steps", () => {
    const thirtyDays = 30 * 86_400_000;
    const { socket } = connection(Date.now() + thirtyDays);
    jest.advanceTimersByTime(thirtyDays - 1);
    expect(socket.disconnect).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(socket.disconnect).toHaveBeenCalledTimes(1);
  });

  it('clears the timer when the socket disconnects first, and sets none for a token that never expires', () => {
    const { socket, disconnectedByClient } = connection(Date.now() + 5_000);
    disconnectedByClient();
    expect(jest.getTimerCount()).toBe(0);
    jest.advanceTimersByTime(10_000);
    expect(socket.disconnect).not.toHaveBeenCalled();
    connection(null);
    expect(jest.getTimerCount()).toBe(0);
  });
});
