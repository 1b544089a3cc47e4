import { centsToNumber, toCents } from '@common/money/money';
import type { CouponResource } from '../dto/merchant-coupon.dto';
import type { CouponRules, CouponType } from './coupon-evaluation';

/** A row of `coupons` as every read of the module selects it (`COUPON_COLUMNS`). */
export interface CouponRow {
  id: string;
  code: string;
  coupon_type: CouponType;
  value: string;
  min_spend: string | null;
  max_discount: string | null;
  starts_at: Date | null;
  expires_at: Date | null;
  usage_limit: number | null;
  times_used: number;
  per_customer_limit: number | null;
  is_active: boolean;
  is_public: boolean;
  excluded_product_ids: number[];
  excluded_category_ids: number[];
  created_at: Date;
  updated_at: Date;
}

export const COUPON_COLUMNS = `id, code, coupon_type, value, min_spend, max_discount, starts_at, expires_at, usage_limit, times_used,
  per_customer_limit, is_active, is_public, excluded_product_ids, excluded_category_ids, created_at, updated_at`;

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

/** The merchant API's view of a coupon. */
export function toCouponResource(row: CouponRow): CouponResource {
  return {
    id: row.id,
    code: row.code,
    coupon_type: row.coupon_type,
    value: centsToNumber(toCents(row.value)),
    min_spend: row.min_spend === null ? null : centsToNumber(toCents(row.min_spend)),
    max_discount: row.max_discount === null ? null : centsToNumber(toCents(row.max_discount)),
    starts_at: row.starts_at?.toISOString() ?? null,
    expires_at: row.expires_at?.toISOString() ?? null,
    usage_limit: row.usage_limit,
    times_used: row.times_used,
    per_customer_limit: row.per_customer_limit,
    is_active: row.is_active,
    is_public: row.is_public,
    excluded_product_ids: row.excluded_product_ids ?? [],
    excluded_category_ids: row.excluded_category_ids ?? [],
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
