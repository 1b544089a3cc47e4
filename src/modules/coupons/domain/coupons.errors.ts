import { DomainError, NotFoundError } from '@common/errors/domain.error';

export const COUPON_NOT_FOUND = 'Coupon not found.';

/** The coupon rejection of the spec: 422 `{ valid: false, error, error_code }`. */
export class CouponRejectedError extends DomainError {
  constructor(errorCode: string, error: string) {
    super(`coupon_${errorCode}`, error, 422, { valid: false, error, error_code: errorCode });
  }
}

export class CouponNotFoundError extends NotFoundError {
  constructor() {
    super(COUPON_NOT_FOUND);
  }
}
