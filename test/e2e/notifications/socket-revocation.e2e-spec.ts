import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { GrantSuperAdminCommand } from '@modules/accounts';
import { BroadcastChannel } from '@modules/notifications/channels/broadcast.channel';
import { authHeader, createTenantWithOwner, issueToken } from '@test/support/factories';
import { useFakeSmtpServer } from '@test/support/fake-servers';
import { useFakeSocialProviders } from '@test/support/fake-social-providers';
import { eventsOf, handshake, type RealtimeClient, useRealtimeClients } from '@test/support/socket-clients';
import { type TestApp, useTestApp } from '@test/support/test-app';
import { settleFor } from '@test/support/wait';
import { BrowserKeys } from '@test/support/web-push-receiver';

/** Decisions §15, "Revocation is total": a revoked token's sockets are closed on every instance within this. */
const REVOCATION_MS = 2_000;
/** Long enough for a wrongful disconnect to have arrived: the rightful one comes within milliseconds. */
const QUIET_MS = 750;
/** An owner whose email is proven: the CLI grants super admin only to such an account (decisions §15). */
const PROVEN_OWNER = { owner: { emailVerifiedAt: new Date('2024-01-01T00:00:00Z') } };
/** PostgreSQL-only mode (decisions §14): Socket.IO fans out through the PostgreSQL adapter. */
const POSTGRES_ONLY = { REDIS_URL: '', STORE_BACKEND: 'postgres', QUEUE_BACKEND: 'postgres' };

/** A connected client on `app` with `token`, and how its connection ended once it ends. */
async function connected(clients: ReturnType<typeof useRealtimeClients>, app: TestApp, token: string) {
  const client = clients.connect(app.baseUrl, { auth: { token } });
  const ended = new Promise<{ reason: string; at: number }>((resolve) =>
    client.socket.once('disconnect', (reason) => resolve({ reason, at: Date.now() })),
  );
  expect(await handshake(client)).toEqual({ connected: true });
  return { client, ended };
}

/** The server closed the client's connection (not the transport), within REVOCATION_MS of `since`. */
async function expectClosedByServer(connection: { ended: Promise<{ reason: string; at: number }> }, since: number) {
  const { reason, at } = await Promise.race([
    connection.ended,
    new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error('the socket is still connected')), REVOCATION_MS + 1_000)),
  ]);
  expect(reason).toBe('io server disconnect');
  expect(at - since).toBeLessThan(REVOCATION_MS);
}

function stillConnected(client: RealtimeClient): boolean {
  return client.socket.connected;
}

describe.each([
  ['on one Redis', {}],
  ['in PostgreSQL-only mode (the PostgreSQL adapter)', POSTGRES_ONLY],
])('Revocation closes a token’s sockets on every API instance (decisions §15), %s', (_mode, env) => {
  const first = useTestApp({ role: 'api', env });
  const second = useTestApp({ role: 'api', env });
  // A process with no Socket.IO server of its own: it reaches the API instances as workers emit.
  const worker = useTestApp({ role: 'worker', env });
  const clients = useRealtimeClients();

  it('signing out through one instance disconnects the token’s socket on the other within 2 s, and only that token’s', async () => {
    const { owner, token } = await createTenantWithOwner(first);
    const otherToken = await issueToken(first, owner.id);
    const revoked = await connected(clients, second, token);
    const kept = await connected(clients, second, otherToken);

    const since = Date.now();
    expect((await first.http().delete('/api/v1/auth/token').set(authHeader(token))).status).toBe(204);
    await expectClosedByServer(revoked, since);
    await settleFor(QUIET_MS, 'a disconnect of the other token would arrive within this');
    expect(stillConnected(kept.client)).toBe(true);
    // The revoked token cannot come back.
    expect(await handshake(clients.connect(second.baseUrl, { auth: { token } }))).toEqual({
      connected: false,
      message: 'Unauthenticated.',
      data: undefined,
    });
  });

  it('a role change through one instance disconnects the user’s sockets on the other; the token, still valid, reconnects', async () => {
    const { owner, token } = await createTenantWithOwner(first, PROVEN_OWNER);
    const socket = await connected(clients, second, token);

    const since = Date.now();
    await first.get(CommandBus).execute(new GrantSuperAdminCommand(owner.email));
    await expectClosedByServer(socket, since);
    expect(await handshake(clients.connect(second.baseUrl, { auth: { token } }))).toEqual({ connected: true });
  });

  it('a role change in a worker process (the CLI’s case: no Socket.IO server there) disconnects the user’s sockets on an API instance', async () => {
    const { owner, token } = await createTenantWithOwner(first, PROVEN_OWNER);
    const socket = await connected(clients, second, token);

    const since = Date.now();
    await worker.get(CommandBus).execute(new GrantSuperAdminCommand(owner.email));
    await expectClosedByServer(socket, since);
  });
});

describe('A claim of the account disconnects the squatter and deletes its push subscriptions (decisions §3, §15)', () => {
  const smtp = useFakeSmtpServer();
  const providers = useFakeSocialProviders();
  const t = useTestApp(() => ({ env: { ...providers.env(), MAIL_URL: smtp.url } }));
  const clients = useRealtimeClients();

  it('a verified social sign-in claims the account: the squatter’s socket is closed, its pushes are gone, the owner sees none', async () => {
    // The squatter registered the victim's address (never proven) and runs a shop with it.
    const { tenant, owner: squatter, token: squatterToken } = await createTenantWithOwner(t);
    const endpoint = `https://fcm.googleapis.com/fcm/send/${randomUUID()}`;
    await t
      .http()
      .post('/api/v1/push-subscriptions')
      .set(authHeader(squatterToken))
      .send({ endpoint, keys: new BrowserKeys().keys })
      .expect(200);
    const socket = await connected(clients, t, squatterToken);

    const victim = { sub: String(Math.floor(Math.random() * 1e12)), email: squatter.email, emailVerified: true };
    const since = Date.now();
    const signedIn = await t
      .http()
      .post('/api/v1/auth/social')
      .send({ provider: 'google', token: await providers.issue('google', victim), provider_id: victim.sub, email: victim.email });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.id).toBe(squatter.id);

    await expectClosedByServer(socket, since);
    expect(await t.db.query('SELECT id FROM push_subscriptions WHERE user_id = $1', [squatter.id])).toEqual([]);
    const listed = await t
      .http()
      .get('/api/v1/push-subscriptions')
      .set(authHeader(signedIn.body.token as string));
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([]);

    // The squatter's socket is gone for good: an event for the shop reaches only the new owner's.
    const ownerSocket = await connected(clients, t, signedIn.body.token as string);
    await t.get(BroadcastChannel).toTenant(tenant.id, 'export.ready', { export_id: randomUUID() });
    await eventsOf(ownerSocket.client, 'export.ready');
    expect(socket.client.socket.connected).toBe(false);
    expect(socket.client.payloadsOf('export.ready')).toEqual([]);
  });

  it('a one-time code for the address claims the account the same way', async () => {
    const { owner: squatter, token: squatterToken } = await createTenantWithOwner(t);
    await t
      .http()
      .post('/api/v1/push-subscriptions')
      .set(authHeader(squatterToken))
      .send({ endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`, keys: new BrowserKeys().keys })
      .expect(200);
    const socket = await connected(clients, t, squatterToken);

    const after = smtp.messages.length;
    const generated = await t.http().post('/api/v1/otp/generate').send({ identifier: squatter.email });
    expect(generated.status).toBe(200);
    const mail = await smtp.waitFor((message) => message.to.includes(squatter.email) && smtp.messages.indexOf(message) >= after);
    const since = Date.now();
    const verified = await t
      .http()
      .post('/api/v1/otp/verify')
      .send({ uuid: generated.body.uuid, otp_code: /\b(\d{6})\b/.exec(mail.text)![1] });
    expect(verified.status).toBe(200);
    expect(verified.body.user.id).toBe(squatter.id);

    await expectClosedByServer(socket, since);
    expect(await t.db.query('SELECT id FROM push_subscriptions WHERE user_id = $1', [squatter.id])).toEqual([]);
  });
});
