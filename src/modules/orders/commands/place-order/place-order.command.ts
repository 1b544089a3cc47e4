import type { IdempotentRequest } from '@infra/idempotency/idempotent-request';
import type { OrderResource } from '@modules/orders/dto/order.resource';
import type { PlaceOrderDto } from '@modules/orders/dto/place-order.dto';

export class PlaceOrderCommand {
  constructor(
    readonly tenantId: string,
    readonly input: PlaceOrderDto,
    /** The signed-in shopper, if any: counts for per-customer coupon limits. */
    readonly userId: string | null,
    /** The request's Idempotency-Key, if it sent one: kept with the order (decisions §15). */
    readonly idempotency: IdempotentRequest | null = null,
    /** The shop's slug when the caller knows it (the storefront request resolved it): the order's status link names it. */
    readonly tenantSlug?: string,
  ) {}
}

/** The order, and whether it was placed by an earlier request with the same key (a replay, nothing placed now). */
export interface PlaceOrderResult {
  order: OrderResource;
  replayed: boolean;
}
