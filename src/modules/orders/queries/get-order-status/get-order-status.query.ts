import type { OrderStatusResource } from '@modules/orders/dto/order-status.resource';
import type { ShopperOrderShop } from '@modules/orders/persistence/shopper-order';

/** An order through its status link: the shop's slug (any case), the order's number and the link's token. */
export class GetOrderStatusQuery {
  constructor(
    readonly slug: string,
    readonly orderNumber: string,
    readonly token: string | null,
  ) {}
}

/** The order as its shopper sees it, and the shop's details its page shows (time zone, contact). */
export interface OrderStatusView {
  order: OrderStatusResource;
  shop: ShopperOrderShop;
}
