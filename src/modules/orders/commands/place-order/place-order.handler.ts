import { ConfigService } from '@nestjs/config';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { Cents, centsToDecimal } from '@common/money/money';
import { Env } from '@config/env.validation';
import { inTransaction } from '@infra/database/transaction';
import { OutboxService } from '@infra/outbox/outbox.service';
import { CatalogQueries, InventoryService, type TakenLine } from '@modules/catalog';
import { CouponLedger, customerKey } from '@modules/coupons';
import { OrderPlaced } from '@modules/orders/domain/order-placed.event';
import { recordOrderEvent } from '@modules/orders/domain/order-events';
import { OrderCouponRejectedError } from '@modules/orders/domain/orders.errors';
import type { OrderResource } from '@modules/orders/dto/order.resource';
import { ORDER_COLUMNS, type OrderRow, toResource } from '@modules/orders/queries/order.presenter';
import { PlaceOrderCommand } from './place-order.command';

const FIRST_ORDER_NUMBER = 1001;

/** What pricing, the coupon and numbering decided, besides the shopper's own fields. */
interface PricedOrder {
  orderNumber: string;
  couponCode: string | null;
  locationId: string;
  subtotal: Cents;
  discount: Cents;
  deliveryFee: Cents;
  total: Cents;
  currency: string;
}

/**
 * Places an order in one transaction: prices from the catalog, stock taken atomically, the coupon
 * counted, a per-tenant order number, the order's items and first event, and the OrderPlaced
 * outbox row. Rows are locked in one global order (products by id, then the coupon, then the
 * tenant's counter), so concurrent orders queue instead of deadlocking, and stock, coupon limits
 * and numbering hold however many arrive at once.
 *
 * It answers the order as the transaction wrote it (the inserted rows, through the presenter every
 * read uses), so the caller's 201 needs nothing after the commit that could fail: an order is never
 * committed while its caller is told 500 (decisions §13).
 */
@CommandHandler(PlaceOrderCommand)
export class PlaceOrderHandler implements ICommandHandler<PlaceOrderCommand, OrderResource> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: ConfigService<Env, true>,
    private readonly outbox: OutboxService,
    private readonly coupons: CouponLedger,
    private readonly inventory: InventoryService,
    private readonly catalog: CatalogQueries,
  ) {}

  async execute(command: PlaceOrderCommand): Promise<OrderResource> {
    const { tenantId, input, userId } = command;
    const currency = this.config.get('APP_CURRENCY', { infer: true });
    const customer = customerKey(userId, input.customer_email, input.customer_phone);

    return inTransaction(this.dataSource, async (manager) => {
      const location = await this.catalog.orderLocation(manager, tenantId, input.location_id);
      // Converts the checkout session's hold, if any, into this order's stock.
      const lines = await this.inventory.take(manager, tenantId, input.items, { sessionId: input.session_id ?? null });
      const subtotal = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);

      const coupon = input.coupon_code
        ? await this.decideCoupon(manager, tenantId, input.coupon_code, { subtotal, customer, lines })
        : { id: null, code: null, discount: 0, freeShipping: false };
      const deliveryFee = input.delivery_type === 'delivery' && !coupon.freeShipping ? location.deliveryFee : 0;
      const total = subtotal - coupon.discount + deliveryFee;
      const orderNumber = String(await this.nextOrderNumber(manager, tenantId));

      const order = await this.insertOrder(manager, command, {
        orderNumber,
        couponCode: coupon.code,
        locationId: location.id,
        subtotal,
        discount: coupon.discount,
        deliveryFee,
        total,
        currency,
      });
      const orderId = order.id;
      const items = await this.insertItems(manager, orderId, lines);
      await recordOrderEvent(manager, { orderId, tenantId, event: 'created', toStatus: 'pending', userId });
      if (coupon.id) await this.coupons.redeem(manager, { couponId: coupon.id, tenantId, orderId, customerKey: customer });
      await this.outbox.record(
        manager,
        new OrderPlaced(tenantId, {
          order_id: orderId,
          order_number: orderNumber,
          customer_name: input.customer_name,
          total: centsToDecimal(total),
          currency,
        }),
      );
      return toResource({ ...order, items });
    });
  }

  private async decideCoupon(
    manager: EntityManager,
    tenantId: string,
    code: string,
    order: { subtotal: Cents; customer: string | null; lines: TakenLine[] },
  ): Promise<{ id: string; code: string; discount: Cents; freeShipping: boolean }> {
    const decision = await this.coupons.decideLocked(manager, tenantId, code, {
      subtotal: order.subtotal,
      customerKey: order.customer,
      items: order.lines.map((line) => ({ productId: line.productId, categoryId: line.categoryId })),
    });
    if (!decision.verdict.valid) throw new OrderCouponRejectedError(decision.verdict.error);
    return {
      id: decision.couponId!,
      code: decision.code,
      discount: decision.verdict.discount,
      freeShipping: decision.verdict.freeShipping,
    };
  }

  private async nextOrderNumber(manager: EntityManager, tenantId: string): Promise<number> {
    const rows: Array<{ last_number: number }> = await manager.query(
      `INSERT INTO tenant_order_counters (tenant_id, last_number) VALUES ($1, $2)
       ON CONFLICT (tenant_id) DO UPDATE SET last_number = tenant_order_counters.last_number + 1
       RETURNING last_number`,
      [tenantId, FIRST_ORDER_NUMBER],
    );
    return rows[0].last_number;
  }

  private async insertOrder(
    manager: EntityManager,
    { tenantId, input, userId }: PlaceOrderCommand,
    order: PricedOrder,
  ): Promise<Omit<OrderRow, 'items'>> {
    const rows: Array<Omit<OrderRow, 'items'>> = await manager.query(
      `INSERT INTO orders (tenant_id, order_number, customer_name, customer_phone, customer_email, customer_address,
                           customer_notes, delivery_type, payment_method, coupon_code, location_id, user_id,
                           subtotal, discount_amount, delivery_fee, total, currency)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
       RETURNING ${ORDER_COLUMNS.join(', ')}`,
      [
        tenantId,
        order.orderNumber,
        input.customer_name,
        input.customer_phone,
        input.customer_email?.toLowerCase() ?? null,
        input.customer_address ?? null,
        input.customer_notes ?? null,
        input.delivery_type,
        input.payment_method ?? 'pending',
        order.couponCode,
        order.locationId,
        userId,
        centsToDecimal(order.subtotal),
        centsToDecimal(order.discount),
        centsToDecimal(order.deliveryFee),
        centsToDecimal(order.total),
        order.currency,
      ],
    );
    return rows[0];
  }

  /** The inserted items in id order, as reads list them. */
  private async insertItems(manager: EntityManager, orderId: number, lines: TakenLine[]): Promise<OrderRow['items']> {
    const rows: Array<OrderRow['items'][number] & { id: number }> = await manager.query(
      `INSERT INTO order_items (order_id, product_id, name, price, quantity, line_total)
       SELECT $1, * FROM unnest($2::int[], $3::varchar[], $4::numeric[], $5::int[], $6::numeric[])
       RETURNING id, product_id, name, price, quantity, line_total`,
      [
        orderId,
        lines.map((line) => line.productId),
        lines.map((line) => line.name),
        lines.map((line) => centsToDecimal(line.price)),
        lines.map((line) => line.quantity),
        lines.map((line) => centsToDecimal(line.price * line.quantity)),
      ],
    );
    return rows.sort((a, b) => a.id - b.id);
  }
}
