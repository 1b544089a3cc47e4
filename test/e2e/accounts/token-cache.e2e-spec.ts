import { inTransaction } from '@infra/database/transaction';
import { TokenService } from '@modules/accounts/tokens/token.service';
import { contractRequest, type HttpClient } from '@test/support/api-contract/contract-request';
import { ChildRun, startMain } from '@test/support/cli';
import { describeIf, requirements } from '@test/support/conditions';
import { authHeader, createUser, issueToken } from '@test/support/factories';
import { createTestApp, freePort, TestApp } from '@test/support/test-app';

/**
 * Two instances of the service on one database and one store, each with its own token cache (a
 * minute long, so that only the revocation stamp can make an instance drop its copy): the test's
 * app (A) and `src/main.ts` in a child process (B, its own process as in production). A token
 * revoked, or whose principal changed, on A is refused or re-read at once on B.
 */
function tokenCacheAcrossInstances(store: 'redis' | 'postgres'): void {
  let a: TestApp;
  let b: ChildRun;
  /** B's responses are checked against the document B serves, as the test app's are. */
  let bHttp: HttpClient;
  const env = { STORE_BACKEND: store, AUTH_TOKEN_CACHE_MS: '60000' };

  beforeAll(async () => {
    a = await createTestApp({ role: 'api', env });
    const port = await freePort();
    const bUrl = `http://127.0.0.1:${port}`;
    b = await startMain(
      { ...env, APP_ROLE: 'api', PORT: String(port), GRPC_URL: `127.0.0.1:${await freePort()}` },
      'Storefront API listening',
    );
    bHttp = contractRequest(bUrl);
  }, 60_000);
  afterAll(async () => {
    b?.child.kill('SIGTERM');
    await Promise.all([a?.close(), b?.exited]);
  });

  const me = (token: string) => bHttp.get('/api/v1/user').set(authHeader(token));
  const orders = (token: string) => bHttp.get('/api/v1/orders').set(authHeader(token));

  it('caches: a token deleted behind the service stays accepted by the instance that verified it (what the stamps guard against)', async () => {
    const { token } = await createUser(a);
    expect((await me(token)).status).toBe(200);
    await a.db.query('DELETE FROM personal_access_tokens WHERE id = $1', [token.split('|')[0]]);
    expect((await me(token)).status).toBe(200);
    // An instance that never verified it reads the database.
    expect((await a.http().get('/api/v1/user').set(authHeader(token))).status).toBe(401);
  });

  it('a token signed out on one instance is refused at once by the other', async () => {
    const { user, token } = await createUser(a);
    const other = await issueToken(a, user.id, { name: 'other-device' });
    expect((await me(token)).status).toBe(200);
    expect((await me(other)).status).toBe(200);

    const res = await a.http().delete('/api/v1/auth/token').set(authHeader(token));
    expect(res.status).toBe(204);
    expect((await me(token)).status).toBe(401);
    // The user's other token is untouched.
    expect((await me(other)).status).toBe(200);
  });

  it("signing out everywhere on one instance refuses all the user's tokens at once on the other", async () => {
    const { user, token } = await createUser(a);
    const other = await issueToken(a, user.id, { name: 'other-device' });
    expect((await me(token)).status).toBe(200);
    expect((await me(other)).status).toBe(200);

    const tokens = a.get(TokenService);
    expect(await inTransaction(a.db, (manager) => tokens.revokeAllForUser(manager, user.id))).toBe(2);
    expect((await me(token)).status).toBe(401);
    expect((await me(other)).status).toBe(401);
  });

  it('a shop created on one instance is in the principal the other instance uses at once', async () => {
    const { token } = await createUser(a);
    const before = await orders(token);
    expect(before.status).toBe(403);

    const created = await a.http().post('/api/v1/tenants').set(authHeader(token)).send({ name: 'Cache Shop' });
    expect(created.status).toBe(201);
    expect((await orders(token)).status).toBe(200);
  });
}

describeIf(requirements.sharedRedis)('Token cache across instances (store redis)', () => tokenCacheAcrossInstances('redis'));
describe('Token cache across instances (store postgres)', () => tokenCacheAcrossInstances('postgres'));
