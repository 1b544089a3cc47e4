/** Result: the `CouponResource`; `CouponNotFoundError` when the shop has no such coupon. */
export class GetCouponQuery {
  constructor(
    readonly tenantId: string,
    readonly couponId: string,
  ) {}
}
