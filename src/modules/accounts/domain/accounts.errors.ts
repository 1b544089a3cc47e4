import { ConflictError, fixedFieldError, NotFoundError } from '@common/errors/domain.error';

/** 422 on `email` over HTTP; ALREADY_EXISTS over gRPC. */
export class EmailTakenError extends fixedFieldError('email', 'The email has already been taken.') {}

/** gRPC NOT_FOUND: the tenant a user was to join does not exist (or is archived). */
export class TenantNotFoundError extends NotFoundError {
  constructor() {
    super('Tenant not found.');
  }
}

export class AlreadyHasTenantError extends ConflictError {
  constructor() {
    super('You already have a shop.', 'tenant_exists');
  }
}

/** The caller's shop is gone (archived since the token was issued). */
export class ShopNotFoundError extends NotFoundError {
  constructor() {
    super('Shop not found.');
  }
}
