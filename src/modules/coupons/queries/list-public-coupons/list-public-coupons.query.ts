/** Result: the shop's `PublicCoupon`s usable now. */
export class ListPublicCouponsQuery {
  constructor(readonly tenantId: string) {}
}
