import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, JWTVerifyGetKey } from 'jose';
import { Env } from '@config/env.validation';
import { ProviderNotConfiguredError, ProviderTokenRejectedError, ProviderUnavailableError } from '../domain/social-auth.errors';
import { PROVIDER_LABELS, SocialProvider, VerifiedSocialIdentity } from '../domain/social-provider';

const TIMEOUT_MS = 5_000;

type Json = Record<string, unknown>;

const str = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;
const obj = (value: unknown): Json => (value && typeof value === 'object' ? (value as Json) : {});
/** Google's tokeninfo and Apple's identity token say `"true"`, other answers `true`. */
const isTrue = (value: unknown): boolean => value === true || value === 'true';

function withQuery(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

/**
 * Asks the provider whether a token is genuine, whose it is and — the point of decisions §3 — that
 * it was issued to this platform's app, before any account is touched. A user-info endpoint alone
 * proves none of the latter: it answers for a token any app obtained for that person. So Google's
 * tokeninfo names the client, Facebook's debug_token the app, GitHub's token check only knows our
 * app's tokens, and Apple's identity token names its audience. X has no such check, which is why
 * its email is never trusted.
 *
 * The provider refusing the token, naming another app, or vouching for someone else is a 422 on
 * `token`; the provider failing or not answering is a 503 (the client may retry); a provider this
 * platform has no app at is a 503 as well.
 */
@Injectable()
export class SocialTokenVerifier {
  private readonly logger = new Logger(SocialTokenVerifier.name);
  private appleKeys: JWTVerifyGetKey | undefined;

  constructor(private readonly config: ConfigService<Env, true>) {}

  async verify(provider: SocialProvider, token: string, providerId: string, email: string): Promise<VerifiedSocialIdentity> {
    const identity = await this.check(provider, token);
    if (!identity.subject || identity.subject !== providerId) {
      throw new ProviderTokenRejectedError('The provider token belongs to a different account.');
    }
    if (identity.email && identity.email.toLowerCase() !== email.toLowerCase()) {
      throw new ProviderTokenRejectedError('The provider reports a different email address for this account.');
    }
    return identity;
  }

  private check(provider: SocialProvider, token: string): Promise<VerifiedSocialIdentity> {
    switch (provider) {
      case 'google':
        return this.checkGoogle(token);
      case 'facebook':
        return this.checkFacebook(token);
      case 'github':
        return this.checkGithub(token);
      case 'twitter':
        return this.checkTwitter(token);
      case 'apple':
        return this.checkApple(token);
    }
  }

  /** tokeninfo names the client the token was issued to (`aud`, `azp`); the email counts only when `email_verified`. */
  private async checkGoogle(token: string): Promise<VerifiedSocialIdentity> {
    const clientIds = this.setting('SOCIAL_GOOGLE_CLIENT_IDS')
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean);
    if (clientIds.length === 0) throw new ProviderNotConfiguredError('google');
    const info = await this.ask('google', withQuery(this.setting('SOCIAL_GOOGLE_TOKENINFO_URL'), { access_token: token }));
    const issuedTo = [str(info.aud), str(info.azp)];
    if (!issuedTo.some((clientId) => clientId !== null && clientIds.includes(clientId))) throw issuedToAnotherApp('google');
    const email = str(info.email);
    return { subject: str(info.sub) ?? '', email, emailVerified: email !== null && isTrue(info.email_verified), avatarUrl: null };
  }

  /** debug_token (with the app access token `<app id>|<app secret>`) names the app; then user-info gives the email. */
  private async checkFacebook(token: string): Promise<VerifiedSocialIdentity> {
    const appId = this.setting('SOCIAL_FACEBOOK_APP_ID');
    const appSecret = this.setting('SOCIAL_FACEBOOK_APP_SECRET');
    if (!appId || !appSecret) throw new ProviderNotConfiguredError('facebook');
    const debugUrl = withQuery(this.setting('SOCIAL_FACEBOOK_DEBUG_TOKEN_URL'), {
      input_token: token,
      access_token: `${appId}|${appSecret}`,
    });
    const data = obj((await this.ask('facebook', debugUrl)).data);
    if (!isTrue(data.is_valid)) throw new ProviderTokenRejectedError('Facebook did not accept the token.');
    if (str(data.app_id) !== appId) throw issuedToAnotherApp('facebook');
    const subject = str(data.user_id) ?? '';
    const me = await this.ask('facebook', this.setting('SOCIAL_FACEBOOK_USERINFO_URL'), {
      headers: { authorization: bearer('facebook', token) },
    });
    if (str(me.id) !== subject) throw new ProviderTokenRejectedError('The provider token belongs to a different account.');
    const email = str(me.email);
    const picture = str(obj(obj(me.picture).data).url);
    return { subject, email, emailVerified: email !== null, avatarUrl: picture };
  }

  /** The token check of our OAuth app (HTTP Basic with its credentials) knows only tokens issued to it: 404 otherwise. */
  private async checkGithub(token: string): Promise<VerifiedSocialIdentity> {
    const clientId = this.setting('SOCIAL_GITHUB_CLIENT_ID');
    const clientSecret = this.setting('SOCIAL_GITHUB_CLIENT_SECRET');
    if (!clientId || !clientSecret) throw new ProviderNotConfiguredError('github');
    const url = this.setting('SOCIAL_GITHUB_TOKEN_CHECK_URL').replace('{client_id}', encodeURIComponent(clientId));
    const answer = await this.ask('github', url, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
        'content-type': 'application/json',
        accept: 'application/vnd.github+json',
      },
      body: JSON.stringify({ access_token: token }),
    });
    const user = obj(answer.user);
    const email = str(user.email);
    return { subject: str(user.id) ?? '', email, emailVerified: email !== null, avatarUrl: str(user.avatar_url) };
  }

  /** X cannot say which app a token belongs to: only the subject is taken from it, never an email. */
  private async checkTwitter(token: string): Promise<VerifiedSocialIdentity> {
    if (!this.setting('SOCIAL_TWITTER_CLIENT_ID')) throw new ProviderNotConfiguredError('twitter');
    const answer = await this.ask('twitter', this.setting('SOCIAL_TWITTER_USERINFO_URL'), {
      headers: { authorization: bearer('twitter', token) },
    });
    const data = obj(answer.data ?? answer);
    return { subject: str(data.id) ?? '', email: null, emailVerified: false, avatarUrl: str(data.profile_image_url) };
  }

  private async checkApple(token: string): Promise<VerifiedSocialIdentity> {
    const clientId = this.setting('SOCIAL_APPLE_CLIENT_ID');
    if (!clientId) throw new ProviderNotConfiguredError('apple');
    this.appleKeys ??= createRemoteJWKSet(new URL(this.setting('SOCIAL_APPLE_JWKS_URL')), { timeoutDuration: TIMEOUT_MS });
    try {
      const { payload } = await jwtVerify(token, this.appleKeys, { issuer: this.setting('SOCIAL_APPLE_ISSUER'), audience: clientId });
      const email = str(payload.email);
      return { subject: str(payload.sub) ?? '', email, emailVerified: email !== null && isTrue(payload.email_verified), avatarUrl: null };
    } catch (error) {
      if (error instanceof joseErrors.JWKSTimeout || (error instanceof TypeError && /fetch/i.test(error.message))) {
        throw new ProviderUnavailableError('Could not reach Apple to check the token. Try again shortly.');
      }
      if (error instanceof joseErrors.JOSEError && !(error instanceof joseErrors.JWKSInvalid)) {
        throw new ProviderTokenRejectedError('Apple did not accept the identity token.');
      }
      this.logger.warn({ err: error }, 'Apple key set unavailable');
      throw new ProviderUnavailableError('Could not check the Apple identity token right now. Try again shortly.');
    }
  }

  /** One call to a provider: its JSON object, a 422 when it refuses (4xx), a 503 when it fails, is slow or unreachable. */
  private async ask(provider: SocialProvider, url: string, init: RequestInit = {}): Promise<Json> {
    const label = PROVIDER_LABELS[provider];
    let response: Response;
    try {
      response = await fetch(url, {
        ...init,
        headers: { accept: 'application/json', 'user-agent': 'storefront-platform', ...(init.headers as Record<string, string>) },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      // The URL may carry the app secret (Facebook's app access token): it is not logged.
      this.logger.warn({ err: error, provider }, 'Social provider unreachable');
      throw new ProviderUnavailableError(`Could not reach ${label} to check the token. Try again shortly.`);
    }
    if (response.status >= 500 || response.status === 429) {
      throw new ProviderUnavailableError(`${label} could not check the token right now. Try again shortly.`);
    }
    if (!response.ok) {
      // GitHub answers 401 when our app's own credentials are wrong: worth an operator's attention.
      if (response.status === 401 && provider === 'github') this.logger.warn('GitHub refused the app credentials of the token check');
      throw new ProviderTokenRejectedError(`${label} did not accept the token.`);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new ProviderUnavailableError(`${label} answered with something other than JSON.`);
    }
    if (!body || typeof body !== 'object') throw new ProviderUnavailableError(`${label} answered unexpectedly.`);
    return body as Json;
  }

  private setting<K extends keyof Env>(name: K): string {
    return String(this.config.get(name, { infer: true }) ?? '').trim();
  }
}

/**
 * The Authorization header of a call that carries the client's token. A bearer token is visible
 * ASCII (RFC 6750); other text is no provider's token, and fetch refuses to write it in a header,
 * which would read as the provider being unreachable (a 503): it is refused as the provider would.
 */
function bearer(provider: SocialProvider, token: string): string {
  if (!/^[\x21-\x7e]+$/.test(token)) throw new ProviderTokenRejectedError(`${PROVIDER_LABELS[provider]} did not accept the token.`);
  return `Bearer ${token}`;
}

function issuedToAnotherApp(provider: SocialProvider): ProviderTokenRejectedError {
  return new ProviderTokenRejectedError(`The ${PROVIDER_LABELS[provider]} token was issued to another app.`);
}
