import { randomUUID } from 'node:crypto';
import { status } from '@grpc/grpc-js';
import { createTenant, createTenantWithOwner, createUser } from '@test/support/factories';
import { identityClient } from '@test/support/grpc-clients';
import { useStarted } from '@test/support/lifecycle';
import { TestApp, useTestApp } from '@test/support/test-app';

const email = () => `grpc-${randomUUID()}@example.test`;

/** A gRPC client of the describe block's app, opened once it listens and closed before it stops. */
const useIdentityClient = (t: TestApp) =>
  useStarted(
    async () => identityClient(t.grpcUrl!),
    (client) => client.close(),
  );

describe('gRPC identity.v1.IdentityService/RegisterUser (spec 4.9, decisions §11)', () => {
  const t = useTestApp({ grpc: true });
  const client = useIdentityClient(t);

  const rejection = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('expected the call to fail');
      },
      (error: { code: number; details: string }) => ({ code: error.code, details: error.details }),
    );

  it('registers a user into an existing tenant: status "registered"', async () => {
    const { tenant } = await createTenantWithOwner(t);
    const address = email();
    const response = await client.registerUser({
      email: address.toUpperCase(),
      password: 'secret123',
      role: 'staff',
      tenant_id: tenant.id,
      name: 'Sam Staff',
    });

    expect(response).toEqual({ user_id: expect.stringMatching(/^[0-9a-f-]{36}$/), status: 'registered' });
    const [user] = await t.db.query('SELECT name, email, tenant_id, role, password_hash FROM users WHERE id = $1', [response.user_id]);
    expect(user).toMatchObject({ name: 'Sam Staff', email: address, tenant_id: tenant.id, role: 'staff' });
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    const events = await t.db.query(`SELECT payload FROM outbox_events WHERE event_type = 'UserRegistered' AND payload->>'user_id' = $1`, [
      response.user_id,
    ]);
    expect(events[0].payload).toMatchObject({ via: 'grpc', role: 'staff', tenant_id: tenant.id });
  });

  it('the registered user can use the HTTP API after signing in elsewhere (same account store)', async () => {
    const { tenant } = await createTenantWithOwner(t);
    const address = email();
    await client.registerUser({ email: address, password: 'secret123', role: 'admin', tenant_id: tenant.id, name: 'Ada' });
    const http = await t
      .http()
      .post('/api/v1/register')
      .send({ name: 'Ada', email: address, password: 'secret123', password_confirmation: 'secret123' });
    expect(http.status).toBe(422);
    expect(http.body.errors.email).toEqual(['The email has already been taken.']);
  });

  it('an owner registered into a shop without one becomes its owner; an existing owner is kept', async () => {
    const orphan = await createTenant(t);
    const first = await client.registerUser({
      email: email(),
      password: 'secret123',
      role: 'owner',
      tenant_id: orphan.id,
      name: 'New Owner',
    });
    expect((await t.db.query('SELECT user_id FROM tenants WHERE id = $1', [orphan.id]))[0].user_id).toBe(first.user_id);

    const { tenant, owner } = await createTenantWithOwner(t);
    await client.registerUser({ email: email(), password: 'secret123', role: 'owner', tenant_id: tenant.id, name: 'Co-owner' });
    expect((await t.db.query('SELECT user_id FROM tenants WHERE id = $1', [tenant.id]))[0].user_id).toBe(owner.id);
  });

  it('defaults the name to the email local part', async () => {
    const { tenant } = await createTenantWithOwner(t);
    const address = email();
    const response = await client.registerUser({ email: address, password: 'secret123', role: 'staff', tenant_id: tenant.id });
    const [user] = await t.db.query('SELECT name FROM users WHERE id = $1', [response.user_id]);
    expect(user.name).toBe(address.split('@')[0]);
  });

  it('ALREADY_EXISTS for a taken email, whatever its case', async () => {
    const { tenant } = await createTenantWithOwner(t);
    const { user } = await createUser(t, { token: false });
    const error = await rejection(
      client.registerUser({ email: user.email.toUpperCase(), password: 'secret123', role: 'staff', tenant_id: tenant.id, name: 'Dup' }),
    );
    expect(error).toEqual({ code: status.ALREADY_EXISTS, details: 'The email has already been taken.' });
  });

  it('ALREADY_EXISTS for all but one of 10 concurrent registrations of one email', async () => {
    const { tenant } = await createTenantWithOwner(t);
    const address = email();
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        client.registerUser({ email: address, password: 'secret123', role: 'staff', tenant_id: tenant.id, name: 'R' }),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refusals = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((result) => result.reason.code);
    expect(refusals).toEqual(Array(9).fill(status.ALREADY_EXISTS));
  });

  it('NOT_FOUND for an unknown or archived tenant', async () => {
    const unknown = await rejection(
      client.registerUser({ email: email(), password: 'secret123', role: 'staff', tenant_id: randomUUID(), name: 'X' }),
    );
    expect(unknown).toEqual({ code: status.NOT_FOUND, details: 'Tenant not found.' });

    const archived = await createTenant(t, { deletedAt: new Date() });
    const error = await rejection(
      client.registerUser({ email: email(), password: 'secret123', role: 'staff', tenant_id: archived.id, name: 'X' }),
    );
    expect(error.code).toBe(status.NOT_FOUND);
  });

  it.each([
    ['a malformed email', { email: 'nope' }, /email: The email must be a valid email address/],
    ['a missing tenant_id', { tenant_id: '' }, /^tenant_id: The tenant id field is required\.$/],
    ['a missing email', { email: '' }, /email: The email field is required/],
    ['a weak password', { password: 'short' }, /password: The password must be at least 8 characters/],
    ['a missing password', { password: '' }, /password: The password field is required/],
    ['a role that is not owner/admin/staff', { role: 'customer' }, /role: The role must be one of: owner, admin, staff/],
    ['no role', { role: '' }, /role:/],
    ['a tenant_id that is not a UUID', { tenant_id: '42' }, /tenant_id: The tenant id must be a valid UUID/],
    ['a name over 255 characters', { name: 'n'.repeat(256) }, /name: The name may not be greater than 255 characters/],
  ])('INVALID_ARGUMENT for %s', async (_case, override, details) => {
    const { tenant } = await createTenantWithOwner(t);
    const request = { email: email(), password: 'secret123', role: 'staff', tenant_id: tenant.id, name: 'Valid', ...override };
    const error = await rejection(client.registerUser(request));
    expect(error.code).toBe(status.INVALID_ARGUMENT);
    expect(error.details).toMatch(details);
    if (request.email.includes('@')) {
      expect((await t.db.query('SELECT count(*)::int AS n FROM users WHERE email = $1', [request.email]))[0].n).toBe(0);
    }
  });

  it('lists every problem in one INVALID_ARGUMENT', async () => {
    const error = await rejection(client.registerUser({}));
    expect(error.code).toBe(status.INVALID_ARGUMENT);
    for (const field of ['email', 'password', 'role', 'tenant_id']) expect(error.details).toContain(`${field}:`);
  });

  it('asks no credentials when GRPC_AUTH_TOKEN is unset', async () => {
    const { tenant } = await createTenantWithOwner(t);
    const response = await client.registerUser(
      { email: email(), password: 'secret123', role: 'staff', tenant_id: tenant.id, name: 'Open' },
      { authorization: 'anything' },
    );
    expect(response.status).toBe('registered');
  });
});

describe('gRPC shared secret (GRPC_AUTH_TOKEN)', () => {
  const secret = `grpc-secret-${randomUUID()}`;
  const t = useTestApp({ grpc: true, env: { GRPC_AUTH_TOKEN: secret } });
  const client = useIdentityClient(t);

  const request = async () => {
    const { tenant } = await createTenantWithOwner(t);
    return { email: email(), password: 'secret123', role: 'staff', tenant_id: tenant.id, name: 'Guarded' };
  };

  it.each([
    ['no authorization metadata', {}],
    ['a wrong secret', { authorization: 'wrong' }],
    ['a wrong bearer secret', { authorization: `Bearer ${secret}x` }],
    ['an empty bearer', { authorization: 'Bearer ' }],
  ])('UNAUTHENTICATED with %s, and nothing is created', async (_case, headers) => {
    const body = await request();
    const error = await client.registerUser(body, headers).catch((e: { code: number; details: string }) => e);
    expect(error).toMatchObject({ code: status.UNAUTHENTICATED, details: 'Missing or invalid credentials.' });
    const rows = await t.db.query('SELECT 1 FROM users WHERE email = $1', [body.email]);
    expect(rows).toHaveLength(0);
  });

  it.each([
    ['the raw secret', () => secret],
    ['Bearer <secret>', () => `Bearer ${secret}`],
  ])('accepts %s', async (_case, value) => {
    const response = await client.registerUser(await request(), { authorization: value() });
    expect(response.status).toBe('registered');
  });

  it('checks credentials before the input (no probing without the secret)', async () => {
    const error = await client.registerUser({}).catch((e: { code: number }) => e);
    expect(error).toMatchObject({ code: status.UNAUTHENTICATED });
  });
});
