import type { CouponType } from '../domain/coupon-evaluation';

/** One entry of GET /api/v1/coupons. */
export interface PublicCoupon {
  code: string;
  coupon_type: CouponType;
  value: number;
  min_spend: number | null;
  expires_at: string | null;
}
