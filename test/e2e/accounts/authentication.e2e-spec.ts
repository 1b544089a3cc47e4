import { Controller, Get, Module } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import { Authenticated, OptionalAuth } from '@common/context/auth.decorators';
import { Ctx } from '@common/context/ctx.decorator';
import type { RequestContext } from '@common/context/request-context';
import { TokenService } from '@modules/accounts/tokens/token.service';
import { authHeader, createTenantWithOwner, createUser, issueToken } from '@test/support/factories';
import { rateLimitOf, statusesOf } from '@test/support/http-clients';
import { useTestApp } from '@test/support/test-app';
import { TEST_RATE_LIMITS } from '@test/support/test-env';

/** `{ user, … }`: whom the request context saw (null: anonymous). */
const userBody = (properties: Record<string, object> = {}) =>
  ApiOkResponse({
    schema: { type: 'object', required: ['user'], properties: { user: { type: 'object', nullable: true }, ...properties } },
  });

@Controller('test-probe/auth')
class AuthProbeController {
  @Get('optional')
  @OptionalAuth()
  @userBody()
  optional(@Ctx() ctx: RequestContext) {
    return { user: ctx.user };
  }

  @Get('required')
  @Authenticated()
  @userBody({ requestId: { type: 'string' }, ip: { type: 'string' } })
  required(@Ctx() ctx: RequestContext) {
    return { user: ctx.principal, requestId: ctx.requestId, ip: ctx.ip };
  }

  @Get('public')
  @userBody()
  open(@Ctx() ctx: RequestContext) {
    return { user: ctx.user };
  }
}

@Module({ controllers: [AuthProbeController] })
class AuthProbeModule {}

describe('Bearer authentication (spec 5, decisions §1, §3)', () => {
  const t = useTestApp({ imports: [AuthProbeModule] });

  const me = (authorization?: string) => {
    const req = t.http().get('/api/v1/user');
    return authorization === undefined ? req : req.set('Authorization', authorization);
  };

  const expect401 = async (authorization?: string) => {
    const res = await me(authorization);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthenticated.' });
  };

  describe('GET /api/v1/user', () => {
    it('answers the signed-in user, nothing secret', async () => {
      const { tenant, owner, token } = await createTenantWithOwner(t, { owner: { name: 'Olga Owner' } });
      const res = await me(`Bearer ${token}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        id: owner.id,
        name: 'Olga Owner',
        email: owner.email,
        tenant_id: tenant.id,
        role: 'owner',
        is_super_admin: false,
        avatar_url: null,
        email_verified_at: null,
        email_verified: false,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      expect(JSON.stringify(res.body)).not.toMatch(/password|token|argon/i);
    });

    it('says whether the email is proven (the AI features need it)', async () => {
      const verifiedAt = new Date('2024-01-01T00:00:00Z');
      const { token } = await createTenantWithOwner(t, { owner: { emailVerifiedAt: verifiedAt } });
      const res = await me(`Bearer ${token}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ email_verified_at: verifiedAt.toISOString(), email_verified: true });
    });

    it('accepts the scheme in any case', async () => {
      const { token } = await createUser(t);
      expect((await me(`bearer ${token}`)).status).toBe(200);
    });

    it('401 without a token', () => expect401());

    it.each(['Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'Token abc', 'Bearer a b', 'Bearer not-a-token', 'Bearer 1|short', 'Bearer |abc'])(
      '401 for a malformed Authorization header %p',
      (header) => expect401(header),
    );

    it('401 for a wrong secret on a real token id', async () => {
      const { token } = await createUser(t);
      const [id, secret] = token.split('|');
      const wrong = secret.slice(0, -1) + (secret.endsWith('a') ? 'b' : 'a');
      await expect401(`Bearer ${id}|${wrong}`);
      // and a real secret under another id
      await expect401(`Bearer ${Number(id) + 1_000_000}|${secret}`);
    });

    it('401 for an expired token', async () => {
      const { user } = await createUser(t, { token: false });
      const expired = await issueToken(t, user.id, { expiresAt: new Date(Date.now() - 1000) });
      await expect401(`Bearer ${expired}`);

      // A token that expires while in use (and so while cached) is refused from its expiry on.
      const { user: other } = await createUser(t, { token: false });
      const expiring = await issueToken(t, other.id, { expiresAt: new Date(Date.now() + 1500) });
      expect((await me(`Bearer ${expiring}`)).status).toBe(200);
      expect((await me(`Bearer ${expiring}`)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1600));
      await expect401(`Bearer ${expiring}`);
    });

    it('accepts a token that never expires', async () => {
      const { token } = await createUser(t, { token: { expiresAt: null } });
      expect((await me(`Bearer ${token}`)).status).toBe(200);
    });

    it('ignores access_token in the query string', async () => {
      const { token } = await createUser(t);
      const res = await t.http().get(`/api/v1/user?access_token=${encodeURIComponent(token)}`);
      expect(res.status).toBe(401);
    });

    it('records last_used_at, at most once a minute', async () => {
      const { token } = await createUser(t);
      const id = token.split('|')[0];
      const lastUsed = async () =>
        (await t.db.query('SELECT last_used_at FROM personal_access_tokens WHERE id = $1', [id]))[0].last_used_at;
      expect(await lastUsed()).toBeNull();
      await me(`Bearer ${token}`);
      const first = await lastUsed();
      expect(first).toBeInstanceOf(Date);
      await me(`Bearer ${token}`);
      expect(await lastUsed()).toEqual(first);
    });
  });

  describe('DELETE /api/v1/auth/token', () => {
    it('revokes the current token only: 204, then 401 at once', async () => {
      const { user, token } = await createUser(t);
      const other = await issueToken(t, user.id, { name: 'other-device' });

      const res = await t.http().delete('/api/v1/auth/token').set(authHeader(token));
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      await expect401(`Bearer ${token}`);
      expect((await t.http().delete('/api/v1/auth/token').set(authHeader(token))).status).toBe(401);
      expect((await me(`Bearer ${other}`)).status).toBe(200);
    });

    it('401 without a token', async () => {
      const res = await t.http().delete('/api/v1/auth/token');
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Unauthenticated.' });
    });
  });

  describe('route modes', () => {
    it('@Authenticated() puts the caller in the request context: { id, tenantId, role, isSuperAdmin, tokenId }, request id and IP', async () => {
      const { tenant, owner, token } = await createTenantWithOwner(t);
      const res = await t.http().get('/test-probe/auth/required').set(authHeader(token));
      expect(res.body.user).toEqual({
        id: owner.id,
        tenantId: tenant.id,
        role: 'owner',
        isSuperAdmin: false,
        tokenId: token.split('|')[0],
        tokenExpiresAt: expect.any(String),
      });
      expect(res.body.requestId).toBe(res.headers['x-request-id']);
      expect(res.body.ip).toMatch(/127\.0\.0\.1|::1/);
    });

    it('@OptionalAuth() resolves a valid token and ignores a missing or bad one', async () => {
      const { user, token } = await createUser(t, { isSuperAdmin: true });
      const signedIn = await t.http().get('/test-probe/auth/optional').set(authHeader(token));
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.user).toMatchObject({ id: user.id, tenantId: null, role: 'customer', isSuperAdmin: true });

      expect((await t.http().get('/test-probe/auth/optional')).body).toEqual({ user: null });
      const bad = await t.http().get('/test-probe/auth/optional').set('Authorization', 'Bearer 1|nope');
      expect(bad.status).toBe(200);
      expect(bad.body).toEqual({ user: null });
    });

    it('public routes never look at the token', async () => {
      const { token } = await createUser(t);
      expect((await t.http().get('/test-probe/auth/public').set(authHeader(token))).body).toEqual({ user: null });
      expect((await t.http().get('/test-probe/auth/public').set('Authorization', 'Bearer garbage')).status).toBe(200);
    });
  });

  it('documents the account routes in OpenAPI, with bearer auth where it is required', async () => {
    const doc = (await t.http().get('/api/docs-json')).body;
    expect(doc.paths['/api/v1/register'].post.security).toEqual([]);
    expect(doc.paths['/api/v1/register'].post.tags).toEqual(['accounts']);
    for (const [path, method] of [
      ['/api/v1/user', 'get'],
      ['/api/v1/auth/token', 'delete'],
      ['/api/v1/tenants', 'post'],
    ]) {
      expect(doc.paths[path][method].security).toEqual([{ bearer: [] }]);
      expect(doc.paths[path][method].responses['401']).toBeDefined();
      expect(doc.paths[path][method].summary).toEqual(expect.any(String));
    }
  });

  describe('TokenService', () => {
    it('issues <id>|<48 base62> tokens that verify, and revokes them', async () => {
      const tokens = t.get(TokenService);
      const { manager } = t.db;
      const { user } = await createUser(t, { token: false });
      const issued = await tokens.issue(manager, user.id, 'otp-api-token');
      expect(issued.plainTextToken).toMatch(new RegExp(`^${issued.tokenId}\\|[A-Za-z0-9]{48}$`));
      expect(await tokens.verify(issued.plainTextToken)).toMatchObject({ id: user.id, tokenId: issued.tokenId });
      expect(await tokens.revoke(manager, issued.tokenId)).toBe(true);
      expect(await tokens.verify(issued.plainTextToken)).toBeNull();
      expect(await tokens.revoke(manager, issued.tokenId)).toBe(false);
    });

    it('revokes every token of a user', async () => {
      const tokens = t.get(TokenService);
      const { manager } = t.db;
      const { user, token } = await createUser(t);
      const second = await tokens.issue(manager, user.id, 'social-api-token');
      expect(await tokens.revokeAllForUser(manager, user.id)).toBe(2);
      expect(await tokens.verify(token)).toBeNull();
      expect(await tokens.verify(second.plainTextToken)).toBeNull();
    });
  });
});

describe('Token lifetime: TOKEN_TTL_DAYS=0', () => {
  const t = useTestApp({ env: { TOKEN_TTL_DAYS: '0' } });

  it('issues tokens that never expire', async () => {
    const { user } = await createUser(t, { token: false });
    const issued = await t.get(TokenService).issue(t.db.manager, user.id, 'auth-token');
    expect(issued.expiresAt).toBeNull();
    expect((await t.http().get('/api/v1/user').set(authHeader(issued.plainTextToken))).status).toBe(200);
  });
});

describe('Authentication runs before rate limiting (decisions §2: api is keyed by user)', () => {
  const t = useTestApp({ env: { THROTTLE_API: '3/60' } });

  it('gives each signed-in user their own budget, even from one IP', async () => {
    const alice = await createUser(t);
    const bob = await createUser(t);
    expect(await statusesOf(4, () => t.http().get('/api/v1/user').set(authHeader(alice.token)))).toEqual([200, 200, 200, 429]);
    const res = await t.http().get('/api/v1/user').set(authHeader(bob.token));
    expect(res.status).toBe(200);
    // The api budget (3 here), fresh for bob: alice's requests were not counted against him.
    expect(rateLimitOf(res)).toEqual({ limit: 3, remaining: 2 });
  });

  it('counts a signed-in user in api only: the verification group keeps its own budget', async () => {
    const { token } = await createUser(t);
    expect(await statusesOf(3, () => t.http().get('/api/v1/user').set(authHeader(token)))).toEqual([200, 200, 200]);
    const verify = await t.http().post('/api/v1/coupons/verify').set(authHeader(token)).send({ code: 'ANY', cart_subtotal: 1 });
    expect(verify.status).toBe(422);
    expect(rateLimitOf(verify)).toEqual({ limit: TEST_RATE_LIMITS.verification, remaining: TEST_RATE_LIMITS.verification - 1 });
  });
});
