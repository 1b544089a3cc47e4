import { fieldError, fixedFieldError, ServiceUnavailableError } from '@common/errors/domain.error';
import { PROVIDER_LABELS, SocialProvider } from './social-provider';

/** 422 on `token`: the provider refused the token, vouches for someone else, or the login is taken. */
export class ProviderTokenRejectedError extends fieldError('token') {}

/** 503: the provider failed or did not answer; the client may retry. */
export class ProviderUnavailableError extends ServiceUnavailableError {}

/** 503: this platform has no app (client id, secret) at the provider, so none of its tokens can be checked. */
export class ProviderNotConfiguredError extends ServiceUnavailableError {
  constructor(provider: SocialProvider) {
    super(`${PROVIDER_LABELS[provider]} sign-in is not configured.`);
  }
}

export class EmailCannotReceiveMailError extends fixedFieldError('email', 'The email domain cannot receive mail.') {}

/** Linking hands the account to whoever holds the provider login, so it needs the provider's word for the email. */
export class UnverifiedEmailTakenError extends fixedFieldError(
  'email',
  'An account with this email already exists. Sign in to it first, then connect this provider.',
) {}

/** X-Tenant-ID names a tenant the account does not belong to. */
export class TenantContextUnresolvedError extends fixedFieldError(
  'tenant_id',
  'The tenant context could not be resolved for this account.',
) {}
