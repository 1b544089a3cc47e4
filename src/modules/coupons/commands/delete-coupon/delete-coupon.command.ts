/** `CouponNotFoundError` when the shop has no such coupon. */
export class DeleteCouponCommand {
  constructor(
    readonly tenantId: string,
    readonly couponId: string,
  ) {}
}
