import type { CouponCustomerFieldsDto } from '@modules/coupons/dto/verify-coupon.dto';

/**
 * Result: the `CouponAccepted` of a code against a cart subtotal (nothing is used up);
 * `CouponRejectedError` when it does not apply.
 */
export class VerifyCouponQuery {
  constructor(
    readonly tenantId: string,
    readonly code: string,
    readonly subtotal: number,
    readonly fields: CouponCustomerFieldsDto,
    readonly userId: string | null,
  ) {}
}
