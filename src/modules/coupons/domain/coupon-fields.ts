import { ValidationFailedError } from '@common/errors/domain.error';
import { parseIsoTimestamp } from '@common/http/is-iso-timestamp.decorator';
import { centsToDecimal, toCents } from '@common/money/money';
import type { CreateCouponDto, UpdateCouponDto } from '../dto/merchant-coupon.dto';
import type { CouponFields, CouponRow } from '@modules/coupons/persistence/coupons.rows';

/** A new coupon's fields, with the defaults of decisions §4. */
export function fieldsToCreate(input: CreateCouponDto): CouponFields {
  return {
    code: input.code,
    coupon_type: input.coupon_type,
    value: centsToDecimal(toCents(input.value ?? 0)),
    min_spend: nullableDecimal(input.min_spend),
    max_discount: nullableDecimal(input.max_discount),
    starts_at: timestamp(input.starts_at),
    expires_at: timestamp(input.expires_at),
    usage_limit: input.usage_limit ?? null,
    per_customer_limit: input.per_customer_limit ?? null,
    is_active: input.is_active ?? true,
    is_public: input.is_public ?? false,
    excluded_product_ids: unique(input.excluded_product_ids ?? []),
    excluded_category_ids: unique(input.excluded_category_ids ?? []),
  };
}

/**
 * The columns a PATCH writes (only those sent). Leaving free shipping needs a value: the stored 0
 * of a free_shipping coupon is no discount.
 */
export function fieldsToChange(current: CouponRow, input: UpdateCouponDto): Partial<CouponFields> {
  if (
    input.coupon_type !== undefined &&
    input.coupon_type !== 'free_shipping' &&
    current.coupon_type === 'free_shipping' &&
    input.value === undefined
  ) {
    throw ValidationFailedError.field('value', `The value field is required for a ${input.coupon_type} coupon.`);
  }
  const changes: Partial<CouponFields> = {
    code: input.code,
    coupon_type: input.coupon_type,
    value: input.value === undefined ? undefined : centsToDecimal(toCents(input.value)),
    min_spend: input.min_spend === undefined ? undefined : nullableDecimal(input.min_spend),
    max_discount: input.max_discount === undefined ? undefined : nullableDecimal(input.max_discount),
    starts_at: input.starts_at === undefined ? undefined : timestamp(input.starts_at),
    expires_at: input.expires_at === undefined ? undefined : timestamp(input.expires_at),
    usage_limit: input.usage_limit,
    per_customer_limit: input.per_customer_limit,
    is_active: input.is_active,
    is_public: input.is_public,
    excluded_product_ids: input.excluded_product_ids === undefined ? undefined : unique(input.excluded_product_ids),
    excluded_category_ids: input.excluded_category_ids === undefined ? undefined : unique(input.excluded_category_ids),
  };
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
}

/**
 * The rules across fields, checked on the coupon as it will be after the change, keyed by the
 * field a client would fix. The database's constraints back each of them.
 */
export function crossFieldErrors(coupon: CouponFields, timesUsed: number): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (coupon.coupon_type === 'percentage' && toCents(coupon.value) > 100_00) {
    errors.value = ['A percentage coupon may not take off more than 100.'];
  }
  if (coupon.starts_at && coupon.expires_at && coupon.starts_at.getTime() >= coupon.expires_at.getTime()) {
    errors.expires_at = ['The expires_at must be a date after starts_at.'];
  }
  if (coupon.usage_limit !== null && coupon.usage_limit < timesUsed) {
    errors.usage_limit = [`The usage_limit may not be lower than the uses so far (${timesUsed}).`];
  }
  return errors;
}

function nullableDecimal(value: number | null | undefined): string | null {
  return value === null || value === undefined ? null : centsToDecimal(toCents(value));
}

function timestamp(value: string | null | undefined): Date | null {
  return value === null || value === undefined ? null : parseIsoTimestamp(value);
}

function unique(ids: number[]): number[] {
  return [...new Set(ids)];
}
