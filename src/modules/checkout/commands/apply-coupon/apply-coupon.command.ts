import type { CouponCustomerFieldsDto } from '@modules/coupons';

/**
 * Checks a coupon against `cartSubtotal`, else the cart the session stored priced from the catalog
 * now, and keeps an accepted code on a stored session. Result: the coupon's `CouponAccepted`;
 * `CartSubtotalRequiredError` when there is neither, `CouponRejectedError` when it does not apply.
 */
export class ApplyCouponCommand {
  constructor(
    readonly tenantId: string,
    readonly sessionId: string,
    readonly code: string,
    readonly cartSubtotal: number | undefined,
    readonly fields: CouponCustomerFieldsDto,
    /** The signed-in user, if any (else the session's user counts for per-customer limits). */
    readonly userId: string | null,
  ) {}
}
