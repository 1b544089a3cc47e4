import { ServiceUnavailableError, ValidationFailedError } from '@common/errors/domain.error';

/** 422 on `token`: the provider refused the token, vouches for someone else, or the login is taken. */
export class ProviderTokenRejectedError extends ValidationFailedError {
  constructor(message: string) {
    super({ token: [message] });
  }
}

/** 503: the provider failed or did not answer; the client may retry. */
export class ProviderUnavailableError extends ServiceUnavailableError {}

export class EmailCannotReceiveMailError extends ValidationFailedError {
  constructor() {
    super({ email: ['The email domain cannot receive mail.'] });
  }
}

/** Linking hands the account to whoever holds the provider login, so it needs the provider's word for the email. */
export class UnverifiedEmailTakenError extends ValidationFailedError {
  constructor() {
    super({ email: ['An account with this email already exists. Sign in to it first, then connect this provider.'] });
  }
}

/** X-Tenant-ID names a tenant the account does not belong to. */
export class TenantContextUnresolvedError extends ValidationFailedError {
  constructor() {
    super({ tenant_id: ['The tenant context could not be resolved for this account.'] });
  }
}
