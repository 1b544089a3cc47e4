import type { UpdateCouponDto } from '@modules/coupons/dto/merchant-coupon.dto';

/** Result: the changed `CouponResource`; `CouponNotFoundError` when the shop has no such coupon. */
export class UpdateCouponCommand {
  constructor(
    readonly tenantId: string,
    readonly couponId: string,
    readonly input: UpdateCouponDto,
  ) {}
}
