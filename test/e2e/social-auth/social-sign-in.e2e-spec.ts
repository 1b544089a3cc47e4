import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, JWK, KeyLike, SignJWT } from 'jose';
import { authHeader, createTenantWithOwner, createUser } from '@test/support/factories';
import { RecordedRequest, useFakeDnsServer, useFakeHttpServer } from '@test/support/fake-servers';
import { useTestApp, withTestApp } from '@test/support/test-app';

/** What the fake providers know: bearer token → the account it belongs to. */
const accounts = new Map<string, { sub: string; email: string | null; name?: string }>();
let providerDown = false;

function userInfo(request: RecordedRequest, res: import('node:http').ServerResponse) {
  if (providerDown) return void res.writeHead(502).end();
  const token = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
  const account = accounts.get(token);
  if (!account) return void res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"invalid_token"}');
  const body = request.url.startsWith('/github')
    ? { id: Number(account.sub), login: 'octo', email: account.email }
    : request.url.startsWith('/twitter')
      ? { data: { id: account.sub, name: account.name ?? 'Tw' } }
      : request.url.startsWith('/facebook')
        ? { id: account.sub, email: account.email, name: account.name }
        : { sub: account.sub, email: account.email, name: account.name };
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

describe('Social sign-in (spec 4.1, decisions §3)', () => {
  let appleKey: KeyLike;
  let appleJwk: JWK;
  const appleClientId = 'com.example.storefront';

  const email = () => `social-${randomUUID().slice(0, 8)}@shop.test`;
  const googleAccount = (mail: string | null = email()) => {
    const token = `tok-${randomUUID()}`;
    const sub = String(Math.floor(Math.random() * 1e12));
    accounts.set(token, { sub, email: mail });
    return { token, sub, email: mail };
  };
  const signIn = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.http().post('/api/v1/auth/social').set(headers).send(body);

  beforeAll(async () => {
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    appleKey = privateKey;
    appleJwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  });
  const providers = useFakeHttpServer((request, res) => {
    if (request.url === '/apple/keys')
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [appleJwk] }));
    userInfo(request, res);
  });
  const dns = useFakeDnsServer({ 'shop.test': { MX: ['mail.shop.test'] }, 'example.test': { A: ['192.0.2.1'] } });
  const t = useTestApp(() => ({
    env: {
      SOCIAL_GOOGLE_USERINFO_URL: `${providers.url}/google`,
      SOCIAL_FACEBOOK_USERINFO_URL: `${providers.url}/facebook`,
      SOCIAL_GITHUB_USERINFO_URL: `${providers.url}/github`,
      SOCIAL_TWITTER_USERINFO_URL: `${providers.url}/twitter`,
      SOCIAL_APPLE_JWKS_URL: `${providers.url}/apple/keys`,
      SOCIAL_APPLE_CLIENT_ID: appleClientId,
      SOCIAL_APPLE_ISSUER: 'https://appleid.apple.com',
      EMAIL_DNS_CHECK: 'true',
      DNS_SERVERS: dns.address,
    },
  }));

  it('creates an account without a tenant on first sign-in and returns a bearer token', async () => {
    const account = googleAccount();
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
    // The provider was asked with the token.
    expect(providers.requests.some((request) => request.headers.authorization === `Bearer ${account.token}`)).toBe(true);

    const again = await signIn({ provider: 'google', token: account.token, provider_id: account.sub, email: account.email });
    expect(again.body.user.id).toBe(res.body.user.id);
  });

  it('defaults the name to the part of the email before @', async () => {
    const account = googleAccount();
    const res = await signIn({ provider: 'google', token: account.token, provider_id: account.sub, email: account.email });
    expect(res.body.user.name).toBe(account.email!.split('@')[0]);
  });

  it('links an existing account by the email the provider vouches for and sends it to the dashboard', async () => {
    const { owner, tenant } = await createTenantWithOwner(t, { owner: { email: email() } });
    const account = googleAccount(owner.email);
    const res = await signIn({ provider: 'google', token: account.token, provider_id: account.sub, email: owner.email });
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(owner.id);
    expect(res.body.user.tenant_id).toBe(tenant.id);
    expect(res.body.redirect_to).toBe('/dashboard');
  });

  it('does not hand over an existing account when the provider does not vouch for the email', async () => {
    const { user } = await createUser(t, { email: email() });
    const token = `tok-${randomUUID()}`;
    accounts.set(token, { sub: '4242', email: null });
    const res = await signIn({ provider: 'github', token, provider_id: '4242', email: user.email });
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty('email');
  });

  it.each([
    ['a token the provider refuses', () => ({ token: 'unknown-token', provider_id: '1', email: email() })],
    ['a token of another account', () => ({ ...googleAccount(), provider_id: 'someone-else' })],
  ])('refuses %s with 422 on token', async (_name, make) => {
    const { token, provider_id, email: mail } = make() as { token: string; provider_id: string; email: string };
    const res = await signIn({ provider: 'google', token, provider_id, email: mail });
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty('token');
  });

  it('refuses when the provider reports a different email', async () => {
    const account = googleAccount();
    const res = await signIn({ provider: 'google', token: account.token, provider_id: account.sub, email: email() });
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty('token');
  });

  it('answers 503 when the provider fails, and touches no account', async () => {
    const account = googleAccount();
    providerDown = true;
    try {
      const res = await signIn({ provider: 'google', token: account.token, provider_id: account.sub, email: account.email });
      expect(res.status).toBe(503);
      expect(res.body.message).toEqual(expect.any(String));
    } finally {
      providerDown = false;
    }
    const [found] = await t.db.query('SELECT count(*)::int AS n FROM users WHERE email = $1', [account.email]);
    expect(found.n).toBe(0);
  });

  it('answers 503 when the provider cannot be reached', async () => {
    await withTestApp({ env: { SOCIAL_FACEBOOK_USERINFO_URL: 'http://127.0.0.1:9/me' } }, async (unreachable) => {
      const res = await unreachable
        .http()
        .post('/api/v1/auth/social')
        .send({ provider: 'facebook', token: 'x', provider_id: '1', email: email() });
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
    const token = `tok-${randomUUID()}`;
    accounts.set(token, { sub: '77', email: 'ana@nowhere.test' });
    const res = await signIn({ provider: 'google', token, provider_id: '77', email: 'ana@nowhere.test' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty('email');
  });

  it('honours X-Tenant-ID only for the tenant the user belongs to', async () => {
    const { owner, tenant } = await createTenantWithOwner(t, { owner: { email: email() } });
    const other = await createTenantWithOwner(t);
    const account = googleAccount(owner.email);
    const body = { provider: 'google', token: account.token, provider_id: account.sub, email: owner.email };
    expect((await signIn(body, { 'X-Tenant-ID': other.tenant.id })).status).toBe(422);
    expect((await signIn(body, { 'X-Tenant-ID': tenant.id })).status).toBe(200);

    const newcomer = googleAccount();
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
    const mail = email();
    const sign = (audience: string) =>
      new SignJWT({ email: mail })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setIssuer('https://appleid.apple.com')
        .setAudience(audience)
        .setSubject('001234.apple.subject')
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(appleKey);
    const ok = await signIn({ provider: 'apple', token: await sign(appleClientId), provider_id: '001234.apple.subject', email: mail });
    expect(ok.status).toBe(200);
    const wrongAudience = await signIn({
      provider: 'apple',
      token: await sign('com.other.app'),
      provider_id: '001234.apple.subject',
      email: mail,
    });
    expect(wrongAudience.status).toBe(422);
    const garbage = await signIn({ provider: 'apple', token: 'not.a.jwt', provider_id: '001234.apple.subject', email: mail });
    expect(garbage.status).toBe(422);
  });

  it('reads GitHub, Facebook and Twitter user-info answers', async () => {
    for (const provider of ['github', 'facebook', 'twitter'] as const) {
      const token = `tok-${randomUUID()}`;
      const sub = String(Math.floor(Math.random() * 1e9));
      const mail = email();
      accounts.set(token, { sub, email: provider === 'twitter' ? null : mail });
      const res = await signIn({ provider, token, provider_id: sub, email: mail });
      expect({ provider, status: res.status }).toEqual({ provider, status: 200 });
    }
  });

  it('replays a sign-in sent again with the same Idempotency-Key', async () => {
    const account = googleAccount();
    const key = randomUUID();
    const body = { provider: 'google', token: account.token, provider_id: account.sub, email: account.email };
    const first = await signIn(body, { 'Idempotency-Key': key });
    const second = await signIn(body, { 'Idempotency-Key': key });
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body.token).toBe(first.body.token);
  });

  it('gives ten concurrent first sign-ins of one person one account', async () => {
    const account = googleAccount();
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
