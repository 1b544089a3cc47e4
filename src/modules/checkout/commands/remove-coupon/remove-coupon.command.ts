/** Takes the coupon off a stored checkout session; nothing when there is no such session (stores none of its own). */
export class RemoveCouponCommand {
  constructor(
    readonly tenantId: string,
    readonly sessionId: string,
  ) {}
}
