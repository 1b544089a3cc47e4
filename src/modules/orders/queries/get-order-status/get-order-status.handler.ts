import { InjectDataSource } from '@nestjs/typeorm';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { centsToNumber, toCents } from '@common/money/money';
import { TenantDirectory } from '@modules/accounts';
import { OrderNotFoundError } from '@modules/orders/domain/orders.errors';
import { OrdersRepository } from '@modules/orders/persistence/orders.repository';
import { readShopperOrder } from '@modules/orders/persistence/shopper-order';
import { OrderStatusLinks } from '@modules/orders/services/order-status-links';
import { GetOrderStatusQuery, type OrderStatusView } from './get-order-status.query';

const ORDER_NUMBER = /^[A-Za-z0-9-]{1,40}$/;
const money = (value: string | number) => centsToNumber(toCents(value));

/**
 * The order behind a status link (docs/commerce.md, "The order's status link"). A shop that is not
 * public, a number it has no order of, and a token that is not the order's all answer the same 404,
 * so a link reveals nothing of the orders it does not open. Nothing of the customer is read out.
 */
@QueryHandler(GetOrderStatusQuery)
export class GetOrderStatusHandler implements IQueryHandler<GetOrderStatusQuery, OrderStatusView> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly tenants: TenantDirectory,
    private readonly orders: OrdersRepository,
    private readonly links: OrderStatusLinks,
  ) {}

  async execute({ slug, orderNumber, token }: GetOrderStatusQuery): Promise<OrderStatusView> {
    if (!token || !ORDER_NUMBER.test(orderNumber) || slug.length === 0 || slug.includes('\u0000')) throw new OrderNotFoundError();
    const tenant = await this.tenants.bySlug(slug);
    if (!tenant?.isPublic) throw new OrderNotFoundError();
    const order = await readShopperOrder(this.dataSource, tenant.id, { orderNumber });
    if (!order || !this.links.matches(tenant.id, order.id, token)) throw new OrderNotFoundError();
    const events = await this.orders.events(tenant.id, order.id);
    return {
      order: {
        order_number: order.orderNumber,
        status: order.status,
        payment_status: order.paymentStatus,
        payment_method: order.paymentMethod,
        location: order.location,
        items: order.items.map((item) => ({
          product_id: item.product_id,
          name: item.name,
          price: money(item.price),
          quantity: item.quantity,
          line_total: money(item.line_total),
        })),
        subtotal: money(order.subtotal),
        discount_amount: money(order.discountAmount),
        delivery_fee: money(order.deliveryFee),
        total: money(order.total),
        currency: order.currency,
        created_at: order.createdAt.toISOString(),
        events: events.map((event) => ({
          type: event.event,
          to_status: event.to_status,
          created_at: new Date(event.created_at).toISOString(),
        })),
      },
      shop: order.shop,
    };
  }
}
