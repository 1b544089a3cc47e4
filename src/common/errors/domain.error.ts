/**
 * Base of every error the service raises on purpose. `code` is stable and machine-readable;
 * `status` is the HTTP status the global filter answers with; `body` adds fields to the JSON body
 * (always alongside `message`) for the endpoints whose spec fixes a particular error shape.
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 422 with field errors in the contract's `{ message, errors: { field: [..] } }` shape. */
export class ValidationFailedError extends DomainError {
  constructor(readonly errors: Record<string, string[]>) {
    super('validation_failed', firstMessage(errors), 422, { errors });
  }

  static field(field: string, message: string): ValidationFailedError {
    return new ValidationFailedError({ [field]: [message] });
  }
}

/**
 * The base of a feature's 422 on one field, thrown with its message:
 * `class OrderCouponRejectedError extends fieldError('coupon_code') {}`, `new OrderCouponRejectedError(reason)`.
 */
export function fieldError(field: string) {
  return class extends ValidationFailedError {
    constructor(message: string) {
      super({ [field]: [message] });
    }
  };
}

/** The same with a fixed message: `class EmailTakenError extends fixedFieldError('email', 'The email has already been taken.') {}`. */
export function fixedFieldError(field: string, message: string) {
  return class extends fieldError(field) {
    constructor() {
      super(message);
    }
  };
}

export class NotFoundError extends DomainError {
  constructor(message = 'Not found.') {
    super('not_found', message, 404);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string, code = 'conflict', body: Record<string, unknown> = {}) {
    super(code, message, 409, body);
  }
}

export class UnauthenticatedError extends DomainError {
  constructor() {
    super('unauthenticated', 'Unauthenticated.', 401);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = 'This action is unauthorized.') {
    super('forbidden', message, 403);
  }
}

export class ServiceUnavailableError extends DomainError {
  constructor(message: string) {
    super('service_unavailable', message, 503);
  }
}

function firstMessage(errors: Record<string, string[]>): string {
  const fields = Object.keys(errors);
  const first = errors[fields[0]]?.[0] ?? 'The given data was invalid.';
  return fields.length > 1 ? `${first} (and ${fields.length - 1} more error${fields.length > 2 ? 's' : ''})` : first;
}
