import { randomUUID } from 'node:crypto';
import { authHeader, createTenantWithOwner, createUser } from '@test/support/factories';
import { useFakeDnsServer } from '@test/support/fake-servers';
import { FakeProvider, foreignClientId, ProviderAccount, useFakeSocialProviders } from '@test/support/fake-social-providers';
import { storeValues } from '@test/support/store-keys';
import { useTestApp, withTestApp } from '@test/support/test-app';

describe('Social sign-in (spec 4.1, decisions §3)', () => {
  const email = () => `social-${randomUUID().slice(0, 8)}@shop.test`;
  const providers = useFakeSocialProviders();
  /** An account at the provider and a token of it issued to our app. */
  const providerAccount = async (provider: FakeProvider = 'google', account: Partial<ProviderAccount> = {}) => {
    const full: ProviderAccount = { sub: String(Math.floor(Math.random() * 1e12)), email: email(), ...account };
    return { ...full, token: await providers.issue(provider, full) };
  };
  const googleAccount = (mail: string | null = email()) => providerAccount('google', { email: mail });
  const signIn = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.http().post('/api/v1/auth/social').set(headers).send(body);

  const dns = useFakeDnsServer({ 'shop.test': { MX: ['mail.shop.test'] }, 'example.test': { A: ['192.0.2.1'] } });
  const t = useTestApp(() => ({ env: { ...providers.env(), EMAIL_DNS_CHECK: 'true', DNS_SERVERS: dns.address } }));

  it('creates an account without a tenant on first sign-in and returns a bearer token', async () => {
    const account = await googleAccount();
    const res = await signIn({ provider: 'google', token: account.token, provider_id: account.sub, email: account.email, name: 'Ana' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      user: expect.objectContaining({ id: expect.any(String), name: 'Ana', email: account.email, tenant_id: null }),
      token: expect.stringMatching(/^\d+\|/),
      redirect_to: '/onboarding',
    });
    const me = await t.http().get('/api/v1/user').set(authHeader(res.body.token));
    expect(me.body.email).toBe(account.email);
    const [row] = await t.db.query('SELECT name FROM personal_access_tokens WHERE id = $1', [res.body.token.split('|')[0]]);
    expect(row.name).toBe('social-api-token');
    // The provider was asked about the token.
    expect(providers.requests.some((request) => request.url.includes(account.token))).toBe(true);

    const again = await signIn({ provider: 'google', token: account.token, provider_id: account.sub, email: account.email });
    expect(again.body.user.id).toBe(res.body.user.id);
  });

  it.each<FakeProvider>(['google', 'facebook', 'github', 'twitter'])(
    "%s: defaults the name to the part of the email before @, not the provider's display name",
    async (provider) => {
      const account = await providerAccount(provider, { name: 'Display Name At Provider' });
      const res = await signIn({ provider, token: account.token, provider_id: account.sub, email: account.email });
      expect(res.status).toBe(200);
      expect(res.body.user.name).toBe(account.email!.split('@')[0]);
    },
  );

  it('links an existing account by the email the provider vouches for and sends it to the dashboard', async () => {
    const { owner, tenant } = await createTenantWithOwner(t, { owner: { email: email() } });
    const account = await googleAccount(owner.email);
    const res = await signIn({ provider: 'google', token: account.token, provider_id: account.sub, email: owner.email });
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(owner.id);
    expect(res.body.user.tenant_id).toBe(tenant.id);
    expect(res.body.redirect_to).toBe('/dashboard');
  });

  it('does not hand over an existing account when the provider does not vouch for the email', async () => {
    const { user } = await createUser(t, { email: email() });
    const account = await providerAccount('github', { email: null });
    const res = await signIn({ provider: 'github', token: account.token, provider_id: account.sub, email: user.email });
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty('email');
  });

  it.each([
    ['a token the provider refuses', async () => ({ token: 'unknown-token', provider_id: '1', email: email() })],
    ['a token of another account', async () => ({ ...(await googleAccount()), provider_id: 'someone-else' })],
    [
      'a token issued to another app',
      async () => {
        const account = { sub: '31337', email: email() };
        return {
          token: await providers.issue('google', account, foreignClientId('google')),
          provider_id: account.sub,
          email: account.email,
        };
      },
    ],
  ])('refuses %s with 422 on token', async (_name, make) => {
    const { token, provider_id, email: mail } = (await make()) as { token: string; provider_id: string; email: string };
    const res = await signIn({ provider: 'google', token, provider_id, email: mail });
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty('token');
  });

  it('refuses when the provider reports a different email', async () => {
    const account = await googleAccount();
    const res = await signIn({ provider: 'google', token: account.token, provider_id: account.sub, email: email() });
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty('token');
  });

  it('answers 503 when the provider fails, and touches no account', async () => {
    const account = await googleAccount();
    providers.setDown(true);
    try {
      const res = await signIn({ provider: 'google', token: account.token, provider_id: account.sub, email: account.email });
      expect(res.status).toBe(503);
      expect(res.body.message).toEqual(expect.any(String));
    } finally {
      providers.setDown(false);
    }
    const [found] = await t.db.query('SELECT count(*)::int AS n FROM users WHERE email = $1', [account.email]);
    expect(found.n).toBe(0);
  });

  it('answers 503 when the provider cannot be reached', async () => {
    const account = await providerAccount('facebook');
    const unreachableUrls = {
      SOCIAL_FACEBOOK_DEBUG_TOKEN_URL: 'http://127.0.0.1:9/debug_token',
      SOCIAL_FACEBOOK_USERINFO_URL: 'http://127.0.0.1:9/me',
    };
    await withTestApp({ env: { ...providers.env(), ...unreachableUrls } }, async (unreachable) => {
      const res = await unreachable
        .http()
        .post('/api/v1/auth/social')
        .send({ provider: 'facebook', token: account.token, provider_id: account.sub, email: account.email });
      expect(res.status).toBe(503);
    });
  });

  it.each([
    [{ provider: 'myspace' }, 'provider'],
    [{ token: 'x'.repeat(4097) }, 'token'],
    [{ provider_id: 'x'.repeat(256) }, 'provider_id'],
    [{ email: 'not-an-email' }, 'email'],
    [{ avatar: 'javascript:alert(1)' }, 'avatar'],
    [{ token: undefined }, 'token'],
    [{ provider_id: undefined }, 'provider_id'],
    [{ email: undefined }, 'email'],
  ])('validates %o', async (override, field) => {
    const res = await signIn({ provider: 'google', token: 't', provider_id: '1', email: email(), ...override });
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty(field);
  });

  it('refuses an email whose domain cannot receive mail', async () => {
    const account = await googleAccount('ana@nowhere.test');
    const res = await signIn({ provider: 'google', token: account.token, provider_id: account.sub, email: 'ana@nowhere.test' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty('email');
  });

  it('honours X-Tenant-ID only for the tenant the user belongs to', async () => {
    const { owner, tenant } = await createTenantWithOwner(t, { owner: { email: email() } });
    const other = await createTenantWithOwner(t);
    const account = await googleAccount(owner.email);
    const body = { provider: 'google', token: account.token, provider_id: account.sub, email: owner.email };
    expect((await signIn(body, { 'X-Tenant-ID': other.tenant.id })).status).toBe(422);
    expect((await signIn(body, { 'X-Tenant-ID': tenant.id })).status).toBe(200);

    const newcomer = await googleAccount();
    const refused = await signIn(
      { provider: 'google', token: newcomer.token, provider_id: newcomer.sub, email: newcomer.email },
      { 'X-Tenant-ID': tenant.id },
    );
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toHaveProperty('tenant_id');
    const [found] = await t.db.query('SELECT count(*)::int AS n FROM users WHERE email = $1', [newcomer.email]);
    expect(found.n).toBe(0);
  });

  it('checks Apple identity tokens against the key set and the client id', async () => {
    const account = { sub: '001234.apple.subject', email: email() };
    const body = { provider: 'apple', provider_id: account.sub, email: account.email };
    expect((await signIn({ ...body, token: await providers.issue('apple', account) })).status).toBe(200);
    const wrongAudience = await signIn({ ...body, token: await providers.issue('apple', account, foreignClientId('apple')) });
    expect(wrongAudience.status).toBe(422);
    const garbage = await signIn({ ...body, token: 'not.a.jwt' });
    expect(garbage.status).toBe(422);
  });

  it('reads GitHub, Facebook and Twitter user-info answers', async () => {
    for (const provider of ['github', 'facebook', 'twitter'] as const) {
      const mail = email();
      const account = await providerAccount(provider, { email: provider === 'twitter' ? null : mail });
      const res = await signIn({ provider, token: account.token, provider_id: account.sub, email: mail });
      expect({ provider, status: res.status }).toEqual({ provider, status: 200 });
    }
  });

  it('replays a sign-in sent again with the same Idempotency-Key', async () => {
    const account = await googleAccount();
    const key = randomUUID();
    const body = { provider: 'google', token: account.token, provider_id: account.sub, email: account.email };
    const first = await signIn(body, { 'Idempotency-Key': key });
    const second = await signIn(body, { 'Idempotency-Key': key });
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body.token).toBe(first.body.token);
  });

  it('keeps the token of a kept sign-in only encrypted, and the replay still carries it (decisions §15)', async () => {
    const account = await googleAccount();
    const key = randomUUID();
    const body = { provider: 'google', token: account.token, provider_id: account.sub, email: account.email };
    const first = await signIn(body, { 'Idempotency-Key': key });
    expect(first.status).toBe(200);
    const secret = (first.body.token as string).split('|')[1];
    const records = await storeValues(t, 'idem:*');
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) expect(record).not.toContain(secret);

    const second = await signIn(body, { 'Idempotency-Key': key });
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body.token).toBe(first.body.token);
  });

  it('gives ten concurrent first sign-ins of one person one account', async () => {
    const account = await googleAccount();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        signIn({ provider: 'google', token: account.token, provider_id: account.sub, email: account.email }),
      ),
    );
    expect(responses.map((res) => res.status)).toEqual(Array(10).fill(200));
    expect(new Set(responses.map((res) => res.body.user.id)).size).toBe(1);
    const [social] = await t.db.query('SELECT count(*)::int AS n FROM social_accounts WHERE provider_id = $1', [account.sub]);
    expect(social.n).toBe(1);
  });
});
