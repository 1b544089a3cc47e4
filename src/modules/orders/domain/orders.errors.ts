import { fieldError, NotFoundError } from '@common/errors/domain.error';

/** Also the message of the path-id pipe and the tenant access guard, so a bad, foreign or missing order read the same. */
export const ORDER_NOT_FOUND = 'Order not found.';

export class OrderNotFoundError extends NotFoundError {
  constructor() {
    super(ORDER_NOT_FOUND);
  }
}

/** 422 on `status`: a backward move, or any move out of a final status. */
export class OrderStatusTransitionError extends fieldError('status') {}

/** 422 on `coupon_code`, with the coupon ledger's reason. */
export class OrderCouponRejectedError extends fieldError('coupon_code') {}
