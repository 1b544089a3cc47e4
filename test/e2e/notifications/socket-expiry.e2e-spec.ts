import { authHeader, createTenantWithOwner, issueToken } from '@test/support/factories';
import { handshake, useRealtimeClients } from '@test/support/socket-clients';
import { useTestApp } from '@test/support/test-app';

/** The short-lived token's lifetime: enough for a handshake on a busy machine, short enough to wait for. */
const LIFETIME_MS = 3_000;

describe('A realtime connection ends with its token (docs/notifications.md, "Realtime")', () => {
  const t = useTestApp();
  const clients = useRealtimeClients();

  it('closes the socket when its token expires; a socket of a longer-lived token of the same user stays', async () => {
    const { owner } = await createTenantWithOwner(t);
    const expiresAt = new Date(Date.now() + LIFETIME_MS);
    const shortLived = await issueToken(t, owner.id, { expiresAt });
    const lasting = await issueToken(t, owner.id);
    const expiring = clients.connect(t.baseUrl, { auth: { token: shortLived } });
    const ended = new Promise<{ reason: string; at: number }>((resolve) =>
      expiring.socket.once('disconnect', (reason) => resolve({ reason, at: Date.now() })),
    );
    const kept = clients.connect(t.baseUrl, { auth: { token: lasting } });
    expect(await handshake(expiring)).toEqual({ connected: true });
    expect(await handshake(kept)).toEqual({ connected: true });
    // Before the expiry, HTTP takes the token: the connection is not refused for another reason.
    expect((await t.http().get('/api/v1/notifications').set(authHeader(shortLived))).status).toBe(200);

    // A bound for a clear failure only (the close comes at the expiry): still connected by then is the defect.
    const { reason, at } = await Promise.race([
      ended,
      new Promise<never>((_resolve, reject) =>
        setTimeout(() => reject(new Error('the socket is still connected long after its token expired')), LIFETIME_MS + 30_000).unref(),
      ),
    ]);
    expect(reason).toBe('io server disconnect');
    expect(at).toBeGreaterThanOrEqual(expiresAt.getTime());
    // From then on HTTP refuses the token too, and the same user's other connection is untouched.
    expect((await t.http().get('/api/v1/notifications').set(authHeader(shortLived))).status).toBe(401);
    expect(kept.socket.connected).toBe(true);
    expect((await handshake(clients.connect(t.baseUrl, { auth: { token: shortLived } }))).connected).toBe(false);
  });
});
