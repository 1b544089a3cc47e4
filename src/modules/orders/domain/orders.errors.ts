import { ConflictError, fieldError, NotFoundError, ValidationFailedError } from '@common/errors/domain.error';
import { type Cents, centsToDecimal, centsToNumber, MAX_STORED_CENTS } from '@common/money/money';

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

/**
 * 422 on the field that made an amount of the order larger than its numeric(12,2) column holds
 * (decisions §15): a line's quantity, the items, or the delivery that added its fee.
 */
export class OrderAmountTooLargeError extends ValidationFailedError {
  constructor(field: string, amount: 'line total' | 'order total') {
    super({ [field]: [`The ${amount} is too large: an order amount is at most ${centsToDecimal(MAX_STORED_CENTS)}.`] });
  }
}

/**
 * 409 `price_changed`: the order would cost another total than the one the shopper was shown
 * (`expected_total`), so nothing was placed; `total` is the current one (docs/commerce.md).
 */
export class OrderPriceChangedError extends ConflictError {
  constructor(total: Cents) {
    super(`The order's total changed to ${centsToDecimal(total)}: check the prices and place the order again.`, 'price_changed', {
      code: 'price_changed',
      total: centsToNumber(total),
    });
  }
}
