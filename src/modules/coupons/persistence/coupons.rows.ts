import { centsToNumber, toCents } from '@common/money/money';
import { isoTimestamps } from '@common/util/timestamps';
import type { CouponResource } from '@modules/coupons/dto/merchant-coupon.dto';
import type { CouponRules, CouponType } from '@modules/coupons/domain/coupon-evaluation';

/** The stored form of the fields a merchant writes (money as numeric text, times as Dates). */
export interface CouponFields {
  code: string;
  coupon_type: CouponType;
  value: string;
  min_spend: string | null;
  max_discount: string | null;
  starts_at: Date | null;
  expires_at: Date | null;
  usage_limit: number | null;
  per_customer_limit: number | null;
  is_active: boolean;
  is_public: boolean;
  excluded_product_ids: number[];
  excluded_category_ids: number[];
}

/** A row of `coupons` as every read of the module selects it (`COUPON_COLUMNS`): the merchant's fields and what the service keeps. */
export interface CouponRow extends CouponFields {
  id: string;
  times_used: number;
  created_at: Date;
  updated_at: Date;
}

/** What the public list reads of a coupon. */
export type PublicCouponRow = Pick<CouponRow, 'code' | 'coupon_type' | 'value' | 'min_spend' | 'starts_at' | 'expires_at'>;

export const COUPON_COLUMNS = `id, code, coupon_type, value, min_spend, max_discount, starts_at, expires_at, usage_limit, times_used,
  per_customer_limit, is_active, is_public, excluded_product_ids, excluded_category_ids, created_at, updated_at`;

/** The merchant-written fields of a stored coupon. */
export function storedFields(row: CouponRow): CouponFields {
  const { id, times_used, created_at, updated_at, ...fields } = row;
  return { ...fields, excluded_product_ids: row.excluded_product_ids ?? [], excluded_category_ids: row.excluded_category_ids ?? [] };
}

/** The rules a decision on a code evaluates. */
export function toCouponRules(row: CouponRow): CouponRules {
  return {
    code: row.code,
    couponType: row.coupon_type,
    value: row.value,
    minSpend: row.min_spend,
    maxDiscount: row.max_discount,
    startsAt: row.starts_at ? new Date(row.starts_at) : null,
    expiresAt: row.expires_at ? new Date(row.expires_at) : null,
    usageLimit: row.usage_limit,
    timesUsed: row.times_used,
    perCustomerLimit: row.per_customer_limit,
    isActive: row.is_active,
    excludedProductIds: row.excluded_product_ids ?? [],
    excludedCategoryIds: row.excluded_category_ids ?? [],
  };
}

/** The merchant API's view of a coupon: money as numbers, times as ISO text, the other fields as stored. */
export function toCouponResource(row: CouponRow): CouponResource {
  const { id, code, coupon_type, usage_limit, times_used, per_customer_limit, is_active, is_public } = row;
  const { excluded_product_ids, excluded_category_ids } = storedFields(row);
  return {
    id,
    code,
    coupon_type,
    value: money(row.value),
    min_spend: row.min_spend === null ? null : money(row.min_spend),
    max_discount: row.max_discount === null ? null : money(row.max_discount),
    starts_at: row.starts_at?.toISOString() ?? null,
    expires_at: row.expires_at?.toISOString() ?? null,
    usage_limit,
    times_used,
    per_customer_limit,
    is_active,
    is_public,
    excluded_product_ids,
    excluded_category_ids,
    ...isoTimestamps(row),
  };
}

function money(value: string): number {
  return centsToNumber(toCents(value));
}
