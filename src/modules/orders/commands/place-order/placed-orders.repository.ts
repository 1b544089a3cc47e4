import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Cents, centsToDecimal } from '@common/money/money';
import type { PricedLine } from '@modules/catalog';
import type { PlaceOrderDto } from '@modules/orders/dto/place-order.dto';
import { ORDER_COLUMNS, type OrderRow } from '@modules/orders/queries/order.presenter';

const FIRST_ORDER_NUMBER = 1001;

/** What pricing and the coupon decided, besides the shopper's own fields. */
export interface PricedOrder {
  tenantId: string;
  userId: string | null;
  couponCode: string | null;
  locationId: string;
  lines: readonly PricedLine[];
  subtotal: Cents;
  discount: Cents;
  deliveryFee: Cents;
  total: Cents;
  currency: string;
}

/** The writes of order placement that belong to the orders module. */
@Injectable()
export class PlacedOrdersRepository {
  /**
   * One statement writes the order: the tenant's next order number (its counter row, upserted),
   * the order, all its items and its `created` event, and answers the order with its items in id
   * order, as reads list them.
   *
   * Safe under concurrency: the counter's row lock is the only lock this statement takes (the rows
   * it references, products and the coupon, are already locked by this transaction), and it is the
   * last in the global lock order (products by id, the coupon, the counter), so it cannot deadlock;
   * it is held to the commit, so numbers are handed out one order at a time, and a rollback gives
   * the number back (gapless). The inserts only read what the counter and the order's own
   * RETURNING give them, which is why they can share one statement (a data-modifying CTE's rows
   * are seen by the others only through RETURNING).
   */
  async insert(manager: EntityManager, input: PlaceOrderDto, order: PricedOrder): Promise<OrderRow> {
    const { lines } = order;
    const [row]: OrderRow[] = await manager.query(
      `WITH numbered AS (
         INSERT INTO tenant_order_counters (tenant_id, last_number) VALUES ($1, $17)
         ON CONFLICT (tenant_id) DO UPDATE SET last_number = tenant_order_counters.last_number + 1
         RETURNING last_number
       ), placed AS (
         INSERT INTO orders (tenant_id, order_number, customer_name, customer_phone, customer_email, customer_address,
                             customer_notes, delivery_type, payment_method, coupon_code, location_id, user_id,
                             subtotal, discount_amount, delivery_fee, total, currency)
         VALUES ($1, (SELECT last_number::text FROM numbered), $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
         RETURNING ${ORDER_COLUMNS.join(', ')}
       ), items AS (
         INSERT INTO order_items (order_id, product_id, name, price, quantity, line_total)
         SELECT placed.id, line.* FROM placed, unnest($18::int[], $19::varchar[], $20::numeric[], $21::int[], $22::numeric[]) AS line
         RETURNING id, product_id, name, price, quantity, line_total
       ), created AS (
         INSERT INTO order_events (order_id, tenant_id, event, to_status, user_id)
         SELECT placed.id, $1::uuid, 'created', 'pending', $11::uuid FROM placed
       )
       SELECT placed.*,
              (SELECT json_agg(json_build_object('product_id', i.product_id, 'name', i.name, 'price', i.price,
                                                 'quantity', i.quantity, 'line_total', i.line_total) ORDER BY i.id)
                 FROM items i) AS items
         FROM placed`,
      [
        order.tenantId,
        input.customer_name,
        input.customer_phone,
        input.customer_email?.toLowerCase() ?? null,
        input.customer_address ?? null,
        input.customer_notes ?? null,
        input.delivery_type,
        input.payment_method ?? 'pending',
        order.couponCode,
        order.locationId,
        order.userId,
        centsToDecimal(order.subtotal),
        centsToDecimal(order.discount),
        centsToDecimal(order.deliveryFee),
        centsToDecimal(order.total),
        order.currency,
        FIRST_ORDER_NUMBER,
        lines.map((line) => line.productId),
        lines.map((line) => line.name),
        lines.map((line) => centsToDecimal(line.price)),
        lines.map((line) => line.quantity),
        lines.map((line) => centsToDecimal(line.price * line.quantity)),
      ],
    );
    return row;
  }
}
