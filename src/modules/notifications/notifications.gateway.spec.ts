import type { Socket } from 'socket.io';
import { DependencyUnavailableError } from '@common/errors/dependency-unavailable';
import type { PrincipalResolver } from '@common/context/ports';
import type { Principal } from '@common/context/request-context';
import { NotificationsGateway } from './notifications.gateway';

const owner: Principal = { id: 'user-1', tenantId: 'tenant-1', role: 'owner', isSuperAdmin: false, tokenId: '42' };

/** A connection admitted with token 42 of `owner`, whose token now verifies as `now` does. */
async function connectionRechecked(now: () => Promise<Principal | null>) {
  const resolver: PrincipalResolver = { verify: jest.fn(now) };
  const gateway = new NotificationsGateway(resolver);
  const socket = {
    data: { userId: owner.id, tenantId: owner.tenantId, tokenId: owner.tokenId },
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
