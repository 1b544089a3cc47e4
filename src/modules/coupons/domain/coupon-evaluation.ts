import { Cents, percentOf, toCents } from '@common/money/money';

export const COUPON_TYPES = ['percentage', 'fixed', 'free_shipping'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];

/** Why a coupon is refused: the `error_code` of the 422 `{ valid: false, error, error_code }`. */
export const COUPON_REJECTIONS = [
  'not_found',
  'expired',
  'not_started',
  'usage_limit',
  'user_limit',
  'min_spend',
  'already_used',
  'inactive',
  'product_excluded',
  'category_excluded',
] as const;
export type CouponRejection = (typeof COUPON_REJECTIONS)[number];

/** The stored rules of one coupon (numeric columns as their decimal text). */
export interface CouponRules {
  code: string;
  couponType: CouponType;
  value: string;
  minSpend: string | null;
  maxDiscount: string | null;
  startsAt: Date | null;
  expiresAt: Date | null;
  usageLimit: number | null;
  timesUsed: number;
  perCustomerLimit: number | null;
  isActive: boolean;
  excludedProductIds: number[];
  excludedCategoryIds: number[];
}

export interface CouponContext {
  subtotal: Cents;
  now: Date;
  /** Earlier uses by this customer; undefined when the request identifies no customer. */
  customerUses?: number;
  /** The cart's products, when the request sends items. */
  items?: Array<{ productId: number; categoryId: number | null }>;
}

export type CouponEvaluation =
  | { valid: true; discount: Cents; couponType: CouponType; freeShipping: boolean }
  | { valid: false; errorCode: CouponRejection; error: string };

const reject = (errorCode: CouponRejection, error: string): CouponEvaluation => ({ valid: false, errorCode, error });

/**
 * Decides whether a coupon applies and what it takes off, checking in the order of decisions §6 so
 * that a coupon failing several rules always reports the same first one.
 */
export function evaluateCoupon(coupon: CouponRules | null, context: CouponContext): CouponEvaluation {
  if (!coupon) return reject('not_found', 'This coupon code does not exist.');
  if (!coupon.isActive) return reject('inactive', 'This coupon is not active.');
  if (coupon.startsAt && coupon.startsAt.getTime() > context.now.getTime()) {
    return reject('not_started', `This coupon can be used from ${coupon.startsAt.toISOString().slice(0, 10)}.`);
  }
  if (coupon.expiresAt && coupon.expiresAt.getTime() <= context.now.getTime()) return reject('expired', 'This coupon has expired.');
  if (coupon.usageLimit !== null && coupon.timesUsed >= coupon.usageLimit) {
    return reject('usage_limit', 'This coupon has reached its usage limit.');
  }
  if (coupon.minSpend !== null && context.subtotal < toCents(coupon.minSpend)) {
    return reject('min_spend', `This coupon needs a subtotal of at least ${coupon.minSpend}.`);
  }
  if (context.customerUses !== undefined && coupon.perCustomerLimit !== null && context.customerUses >= coupon.perCustomerLimit) {
    return coupon.perCustomerLimit === 1
      ? reject('already_used', 'You have already used this coupon.')
      : reject('user_limit', `This coupon can be used ${coupon.perCustomerLimit} times per customer.`);
  }
  if (context.items) {
    if (context.items.some((item) => coupon.excludedProductIds.includes(item.productId))) {
      return reject('product_excluded', 'This coupon does not apply to a product in your cart.');
    }
    if (context.items.some((item) => item.categoryId !== null && coupon.excludedCategoryIds.includes(item.categoryId))) {
      return reject('category_excluded', 'This coupon does not apply to a category in your cart.');
    }
  }
  return {
    valid: true,
    discount: discountFor(coupon, context.subtotal),
    couponType: coupon.couponType,
    freeShipping: coupon.couponType === 'free_shipping',
  };
}

function discountFor(coupon: CouponRules, subtotal: Cents): Cents {
  switch (coupon.couponType) {
    case 'percentage': {
      const discount = percentOf(subtotal, coupon.value);
      return coupon.maxDiscount === null ? discount : Math.min(discount, toCents(coupon.maxDiscount));
    }
    case 'fixed':
      return Math.min(toCents(coupon.value), subtotal);
    case 'free_shipping':
      return 0;
  }
}

/** Codes are compared and stored upper-case, without surrounding spaces. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}
