import type { CreateCouponDto } from '@modules/coupons/dto/merchant-coupon.dto';

/** Result: the created `CouponResource`. */
export class CreateCouponCommand {
  constructor(
    readonly tenantId: string,
    readonly input: CreateCouponDto,
  ) {}
}
