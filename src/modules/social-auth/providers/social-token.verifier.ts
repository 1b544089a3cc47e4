import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, JWTVerifyGetKey } from 'jose';
import { Env } from '@config/env.validation';
import { ProviderTokenRejectedError, ProviderUnavailableError } from '../domain/social-auth.errors';
import { SocialProvider, VerifiedSocialIdentity } from '../domain/social-provider';

const TIMEOUT_MS = 5_000;

type UserInfoReader = (body: Record<string, unknown>) => VerifiedSocialIdentity;

const str = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;

// Each provider's user-info answer, reduced to the fields we compare and keep.
const READERS: Record<Exclude<SocialProvider, 'apple'>, UserInfoReader> = {
  google: (body) => ({ subject: str(body.sub) ?? '', email: str(body.email), name: str(body.name), avatarUrl: str(body.picture) }),
  facebook: (body) => ({
    subject: str(body.id) ?? '',
    email: str(body.email),
    name: str(body.name),
    avatarUrl: str(((body.picture as { data?: { url?: unknown } } | undefined)?.data ?? {}).url),
  }),
  github: (body) => ({
    subject: str(body.id) ?? '',
    email: str(body.email),
    name: str(body.name) ?? str(body.login),
    avatarUrl: str(body.avatar_url),
  }),
  twitter: (body) => {
    const data = (body.data ?? body) as Record<string, unknown>;
    return { subject: str(data.id) ?? '', email: str(data.email), name: str(data.name), avatarUrl: str(data.profile_image_url) };
  },
};

const USERINFO_URL: Record<Exclude<SocialProvider, 'apple'>, keyof Env> = {
  google: 'SOCIAL_GOOGLE_USERINFO_URL',
  facebook: 'SOCIAL_FACEBOOK_USERINFO_URL',
  github: 'SOCIAL_GITHUB_USERINFO_URL',
  twitter: 'SOCIAL_TWITTER_USERINFO_URL',
};

/**
 * Asks the provider whether an access token is genuine and whose it is, before any account is
 * touched. The provider refusing the token, or vouching for someone else, is a 422 on `token`; the
 * provider failing or not answering is a 503 (the client may retry).
 */
@Injectable()
export class SocialTokenVerifier {
  private readonly logger = new Logger(SocialTokenVerifier.name);
  private appleKeys: JWTVerifyGetKey | undefined;

  constructor(private readonly config: ConfigService<Env, true>) {}

  async verify(provider: SocialProvider, token: string, providerId: string, email: string): Promise<VerifiedSocialIdentity> {
    const identity = provider === 'apple' ? await this.verifyAppleIdentityToken(token) : await this.fetchUserInfo(provider, token);
    if (!identity.subject || identity.subject !== providerId) {
      throw new ProviderTokenRejectedError('The provider token belongs to a different account.');
    }
    if (identity.email && identity.email.toLowerCase() !== email.toLowerCase()) {
      throw new ProviderTokenRejectedError('The provider reports a different email address for this account.');
    }
    return identity;
  }

  private async fetchUserInfo(provider: Exclude<SocialProvider, 'apple'>, token: string): Promise<VerifiedSocialIdentity> {
    const url = String(this.config.get(USERINFO_URL[provider], { infer: true }));
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json', 'user-agent': 'storefront-platform' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      this.logger.warn({ err: error, provider }, 'Social provider unreachable');
      throw new ProviderUnavailableError(`Could not reach ${provider} to check the token. Try again shortly.`);
    }
    if (response.status >= 500 || response.status === 429) {
      throw new ProviderUnavailableError(`${provider} could not check the token right now. Try again shortly.`);
    }
    if (!response.ok) throw new ProviderTokenRejectedError(`${provider} did not accept the token.`);
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new ProviderUnavailableError(`${provider} answered with something other than JSON.`);
    }
    if (!body || typeof body !== 'object') throw new ProviderUnavailableError(`${provider} answered unexpectedly.`);
    return READERS[provider](body as Record<string, unknown>);
  }

  private async verifyAppleIdentityToken(token: string): Promise<VerifiedSocialIdentity> {
    const clientId = this.config.get('SOCIAL_APPLE_CLIENT_ID', { infer: true });
    if (!clientId) throw new ProviderUnavailableError('Sign in with Apple is not configured.');
    this.appleKeys ??= createRemoteJWKSet(new URL(this.config.get('SOCIAL_APPLE_JWKS_URL', { infer: true })), {
      timeoutDuration: TIMEOUT_MS,
    });
    try {
      const { payload } = await jwtVerify(token, this.appleKeys, {
        issuer: this.config.get('SOCIAL_APPLE_ISSUER', { infer: true }),
        audience: clientId,
      });
      return { subject: str(payload.sub) ?? '', email: str(payload.email), name: null, avatarUrl: null };
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
}
