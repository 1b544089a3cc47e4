import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair, JWK, KeyLike, SignJWT } from 'jose';
import { FakeHttpServer, RecordedRequest, startFakeHttpServer } from './fake-servers';
import { useStarted } from './lifecycle';

export type FakeProvider = 'google' | 'facebook' | 'github' | 'twitter' | 'apple';

/** The apps of this platform at each provider (what the service is configured with). */
export const OUR_APPS = {
  google: ['web.storefront.apps.googleusercontent.com', 'ios.storefront.apps.googleusercontent.com'],
  facebook: { id: '1001', secret: 'fb-secret-of-storefront' },
  github: { id: 'Iv1.storefront', secret: 'gh-secret-of-storefront' },
  twitter: 'storefront-x-client',
  apple: 'com.example.storefront',
} as const;

/** Another app, registered at the same providers, whose users' tokens must not open our accounts. */
export const FOREIGN_APPS = {
  google: 'quiz.apps.googleusercontent.com',
  facebook: { id: '2002', secret: 'fb-secret-of-quiz' },
  github: { id: 'Iv1.quiz', secret: 'gh-secret-of-quiz' },
  twitter: 'quiz-x-client',
  apple: 'com.example.quiz',
} as const;

const APPLE_ISSUER = 'https://appleid.apple.com';

export interface ProviderAccount {
  sub: string;
  email: string | null;
  /** What the provider says about the email (google, apple); default true. */
  emailVerified?: boolean;
  name?: string;
}

interface Grant {
  provider: FakeProvider;
  /** The client id (facebook, github: app id) the token was issued to. */
  app: string;
  account: ProviderAccount;
}

export interface FakeSocialProviders {
  url: string;
  requests: FakeHttpServer['requests'];
  /** Configuration pointing the service at these providers, as our apps. */
  env(): Record<string, string>;
  /** A token the provider issued to `app` (default: ours) for `account`. Apple: a signed identity token. */
  issue(provider: FakeProvider, account: ProviderAccount, app?: string): Promise<string>;
  /** While set, every endpoint answers 502. */
  setDown(down: boolean): void;
  close(): Promise<void>;
}

/** The id a token of ours is issued to: google's first client id, facebook's app id, github's client id. */
export function ourClientId(provider: FakeProvider): string {
  if (provider === 'google') return OUR_APPS.google[0];
  if (provider === 'facebook' || provider === 'github') return OUR_APPS[provider].id;
  return OUR_APPS[provider];
}

/** The id of the foreign app at a provider. */
export function foreignClientId(provider: FakeProvider): string {
  if (provider === 'facebook' || provider === 'github') return FOREIGN_APPS[provider].id;
  return FOREIGN_APPS[provider];
}

const json = (res: ServerResponse, status: number, body: unknown) =>
  void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

/**
 * Google, Facebook, GitHub, X and Apple on one loopback server, each issuing tokens to several apps
 * (ours and a foreign one) and answering the way the real endpoints do: the user-info endpoints
 * accept a token of any app (which is why they prove nothing about the app), the token-check
 * endpoints say which app a token belongs to.
 */
export async function startFakeSocialProviders(): Promise<FakeSocialProviders> {
  const grants = new Map<string, Grant>();
  let down = false;
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const appleKey: KeyLike = privateKey;
  const appleJwk: JWK = { ...(await exportJWK(publicKey)), kid: 'fake-apple-key', alg: 'RS256', use: 'sig' };
  const bearer = (request: RecordedRequest) => grants.get(String(request.headers.authorization ?? '').replace(/^Bearer /, ''));
  const appSecrets = new Map<string, string>([
    [OUR_APPS.facebook.id, OUR_APPS.facebook.secret],
    [FOREIGN_APPS.facebook.id, FOREIGN_APPS.facebook.secret],
    [OUR_APPS.github.id, OUR_APPS.github.secret],
    [FOREIGN_APPS.github.id, FOREIGN_APPS.github.secret],
  ]);

  const server = await startFakeHttpServer((request, res) => {
    if (down) return void res.writeHead(502).end();
    const url = new URL(request.url, 'http://fake');
    const path = url.pathname;
    if (path === '/apple/keys') return json(res, 200, { keys: [appleJwk] });

    if (path === '/google/tokeninfo') {
      const grant = grants.get(url.searchParams.get('access_token') ?? '');
      if (grant?.provider !== 'google') return json(res, 400, { error: 'invalid_token' });
      const { sub, email, emailVerified = true } = grant.account;
      return json(res, 200, { aud: grant.app, azp: grant.app, sub, email, email_verified: String(emailVerified), expires_in: '3599' });
    }
    if (path === '/facebook/debug_token') {
      const [appId, secret] = (url.searchParams.get('access_token') ?? '').split('|');
      if (!appId || appSecrets.get(appId) !== secret) return json(res, 400, { error: { code: 190, message: 'Invalid app token' } });
      const grant = grants.get(url.searchParams.get('input_token') ?? '');
      if (grant?.provider !== 'facebook') return json(res, 200, { data: { is_valid: false, error: { code: 190 } } });
      return json(res, 200, { data: { app_id: grant.app, type: 'USER', is_valid: true, user_id: grant.account.sub } });
    }
    const githubCheck = /^\/github\/applications\/([^/]+)\/token$/.exec(path);
    if (githubCheck && request.method === 'POST') {
      const clientId = decodeURIComponent(githubCheck[1]);
      const basic = Buffer.from(String(request.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
      if (basic !== `${clientId}:${appSecrets.get(clientId)}`) return json(res, 401, { message: 'Bad credentials' });
      const grant = grants.get((request.json as { access_token?: string } | undefined)?.access_token ?? '');
      if (grant?.provider !== 'github' || grant.app !== clientId) return json(res, 404, { message: 'Not Found' });
      const { sub, email, name } = grant.account;
      return json(res, 200, { token: 'redacted', app: { client_id: clientId }, user: { id: Number(sub), login: 'octo', email, name } });
    }

    // User-info endpoints: any app's token is good here.
    const grant = bearer(request);
    if (!grant || !path.startsWith(`/${grant.provider}/`)) return json(res, 401, { error: 'invalid_token' });
    const { sub, email, name } = grant.account;
    if (path === '/google/userinfo') return json(res, 200, { sub, email, name, email_verified: grant.account.emailVerified ?? true });
    if (path === '/facebook/me') return json(res, 200, { id: sub, email, name });
    if (path === '/github/user') return json(res, 200, { id: Number(sub), login: 'octo', email, name });
    if (path === '/twitter/users/me') return json(res, 200, { data: { id: sub, name: name ?? 'X user', username: 'x_user' } });
    return json(res, 404, { error: 'not_found' });
  });

  return {
    url: server.url,
    requests: server.requests,
    env: () => ({
      SOCIAL_GOOGLE_TOKENINFO_URL: `${server.url}/google/tokeninfo`,
      SOCIAL_GOOGLE_CLIENT_IDS: OUR_APPS.google.join(', '),
      SOCIAL_FACEBOOK_DEBUG_TOKEN_URL: `${server.url}/facebook/debug_token`,
      SOCIAL_FACEBOOK_USERINFO_URL: `${server.url}/facebook/me?fields=id,name,email`,
      SOCIAL_FACEBOOK_APP_ID: OUR_APPS.facebook.id,
      SOCIAL_FACEBOOK_APP_SECRET: OUR_APPS.facebook.secret,
      SOCIAL_GITHUB_TOKEN_CHECK_URL: `${server.url}/github/applications/{client_id}/token`,
      SOCIAL_GITHUB_CLIENT_ID: OUR_APPS.github.id,
      SOCIAL_GITHUB_CLIENT_SECRET: OUR_APPS.github.secret,
      SOCIAL_TWITTER_CLIENT_ID: OUR_APPS.twitter,
      SOCIAL_TWITTER_USERINFO_URL: `${server.url}/twitter/users/me`,
      SOCIAL_APPLE_JWKS_URL: `${server.url}/apple/keys`,
      SOCIAL_APPLE_CLIENT_ID: OUR_APPS.apple,
      SOCIAL_APPLE_ISSUER: APPLE_ISSUER,
    }),
    async issue(provider, account, app) {
      const audience = app ?? ourClientId(provider);
      if (provider === 'apple') {
        const claims: Record<string, unknown> = {};
        if (account.email) claims.email = account.email;
        if (account.email) claims.email_verified = String(account.emailVerified ?? true);
        return new SignJWT(claims)
          .setProtectedHeader({ alg: 'RS256', kid: 'fake-apple-key' })
          .setIssuer(APPLE_ISSUER)
          .setAudience(audience)
          .setSubject(account.sub)
          .setIssuedAt()
          .setExpirationTime('5m')
          .sign(appleKey);
      }
      const token = `${provider}-${randomUUID()}`;
      grants.set(token, { provider, app: audience, account });
      return token;
    },
    setDown: (value) => {
      down = value;
    },
    close: () => server.close(),
  };
}

/** The fake providers of a describe block: started in its beforeAll, closed in its afterAll. */
export function useFakeSocialProviders(): FakeSocialProviders {
  return useStarted(startFakeSocialProviders, (providers) => providers.close());
}
