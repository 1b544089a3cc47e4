import type { PlaceOrderDto } from '@modules/orders/dto/place-order.dto';

export class PlaceOrderCommand {
  constructor(
    readonly tenantId: string,
    readonly input: PlaceOrderDto,
    /** The signed-in shopper, if any: counts for per-customer coupon limits. */
    readonly userId: string | null,
  ) {}
}
