import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Cents, centsToDecimal } from '@common/money/money';
import { CombinedStatement, prepared } from '@infra/database/statements';
import { type PricedLine, searchKey } from '@modules/catalog';
import { phoneDigits } from '../domain/order-search';
import type { PlaceOrderDto } from '@modules/orders/dto/place-order.dto';
import { ORDER_STATS_ROWS } from './order-stats.repository';
import { ORDER_COLUMNS, type OrderRow, SELECT_ORDERS } from './orders.rows';

const FIRST_ORDER_NUMBER = 1001;

/** What pricing and the coupon decided, besides the shopper's own fields. */
export interface PricedOrder {
  tenantId: string;
  userId: string | null;
  couponCode: string | null;
  /** The branch the order is taken at, its name and address kept on the order (docs/commerce.md, "Branches"). */
  location: { id: string; name: string; address: string | null };
  /** The lines as order pricing priced them (domain/order-pricing.ts): this file stores, never computes, an amount. */
  lines: ReadonlyArray<PricedLine & { lineTotal: Cents }>;
  subtotal: Cents;
  discount: Cents;
  deliveryFee: Cents;
  total: Cents;
  currency: string;
  /** The request's Idempotency-Key and the fingerprint of what was sent with it, kept with the order. */
  idempotency: { key: string; fingerprint: string } | null;
}

/** An order placed with an Idempotency-Key, as a retry with that key finds it. */
export interface KeptOrder {
  fingerprint: string;
  order: OrderRow;
}

/** How the order's statement names the order to the parts other modules add to it. */
export interface PlacedOrderRefs {
  /** SQL giving the new order's id. */
  id: string;
  /** SQL giving its order number (text). */
  orderNumber: string;
}

/** The writes of order placement that belong to the orders module. */
@Injectable()
export class PlacedOrdersRepository {
  /**
   * The order the shop placed with this Idempotency-Key, as it is now (read like every order read),
   * with the fingerprint of the request that placed it; null when the key placed none. One indexed
   * read, no lock.
   */
  async kept(manager: EntityManager, tenantId: string, key: string): Promise<KeptOrder | null> {
    const rows: Array<OrderRow & { kept_fingerprint: string }> = await manager.query(
      prepared(
        `SELECT k.fingerprint AS kept_fingerprint, kept.*
           FROM order_idempotency_keys k
          CROSS JOIN LATERAL (${SELECT_ORDERS} WHERE o.id = k.order_id AND o.tenant_id = k.tenant_id) kept
          WHERE k.tenant_id = $1 AND k.idempotency_key = $2`,
      ),
      [tenantId, key],
    );
    if (rows.length === 0) return null;
    const { kept_fingerprint: fingerprint, ...order } = rows[0];
    return { fingerprint, order };
  }

  /**
   * One statement writes the order: the tenant's next order number (its counter row, upserted),
   * the order, all its items, its `created` event, the overview's rollups (`order_stats`) and its
   * Idempotency-Key if it has one (the key's
   * primary key refuses a second order with it: a unique violation), plus what `addParts` adds to the same
   * statement (the coupon's use, the outbox row: each written by its owner, see
   * CombinedStatement), and answers the order with its items in id order, as reads list them.
   *
   * Safe under concurrency: the counter's row lock is the only lock this statement takes (the rows
   * it references, products and the coupon, are already locked by this transaction), and it is the
   * last in the global lock order (products by id, the coupon, the counter), so it cannot deadlock;
   * it is held to the commit, so numbers are handed out one order at a time, and a rollback gives
   * the number back (gapless). Each insert reads only the counter's and the order's RETURNING.
   * With `commit`, it is the transaction's last statement and its COMMIT follows it at once
   * (CombinedStatement.run).
   */
  async insert(
    manager: EntityManager,
    input: PlaceOrderDto,
    order: PricedOrder,
    addParts: (statement: CombinedStatement, placed: PlacedOrderRefs) => Promise<void>,
    options: { commit?: boolean } = {},
  ): Promise<OrderRow> {
    const statement = new CombinedStatement();
    const p = (value: unknown, type: string) => statement.param(value, type);
    const tenantId = p(order.tenantId, 'uuid');
    const userId = p(order.userId, 'uuid');
    statement.with(
      'numbered',
      `INSERT INTO tenant_order_counters (tenant_id, last_number) VALUES (${tenantId}, ${p(FIRST_ORDER_NUMBER, 'int')})
       ON CONFLICT (tenant_id) DO UPDATE SET last_number = tenant_order_counters.last_number + 1
       RETURNING last_number`,
    );
    statement.with(
      'placed',
      `INSERT INTO orders (tenant_id, order_number, customer_name, customer_phone, customer_email, customer_address,
                           customer_notes, delivery_type, payment_method, coupon_code, location_id, location_name, location_address, user_id,
                           subtotal, discount_amount, delivery_fee, total, currency, customer_name_key, customer_phone_digits)
       SELECT ${tenantId}, numbered.last_number::text, ${p(input.customer_name, 'varchar')}, ${p(input.customer_phone, 'varchar')},
              ${p(input.customer_email?.toLowerCase() ?? null, 'varchar')}, ${p(input.customer_address ?? null, 'varchar')},
              ${p(input.customer_notes ?? null, 'varchar')}, ${p(input.delivery_type, 'varchar')},
              ${p(input.payment_method ?? 'pending', 'varchar')}, ${p(order.couponCode, 'varchar')}, ${p(order.location.id, 'uuid')},
              ${p(order.location.name, 'varchar')}, ${p(order.location.address, 'varchar')},
              ${userId}, ${p(centsToDecimal(order.subtotal), 'numeric')}, ${p(centsToDecimal(order.discount), 'numeric')},
              ${p(centsToDecimal(order.deliveryFee), 'numeric')}, ${p(centsToDecimal(order.total), 'numeric')}, ${p(order.currency, 'char(3)')},
              ${p(searchKey(input.customer_name), 'text')}, ${p(phoneDigits(input.customer_phone), 'text')}
         FROM numbered
       RETURNING ${ORDER_COLUMNS.join(', ')}`,
    );
    const { lines } = order;
    const columns = [
      p(
        lines.map((line) => line.productId),
        'int[]',
      ),
      p(
        lines.map((line) => line.name),
        'varchar[]',
      ),
      p(
        lines.map((line) => centsToDecimal(line.price)),
        'numeric[]',
      ),
      p(
        lines.map((line) => line.quantity),
        'int[]',
      ),
      p(
        lines.map((line) => centsToDecimal(line.lineTotal)),
        'numeric[]',
      ),
    ];
    statement.with(
      'items',
      `INSERT INTO order_items (order_id, product_id, name, price, quantity, line_total)
       SELECT placed.id, line.* FROM placed, unnest(${columns.join(', ')}) AS line
       RETURNING id, product_id, name, price, quantity, line_total`,
    );
    statement.with(
      'created',
      `INSERT INTO order_events (order_id, tenant_id, event, to_status, user_id) SELECT placed.id, ${tenantId}, 'created', 'pending', ${userId} FROM placed`,
    );
    // The overview's rollups (OrderStatsRepository): the shop's rows of this quarter hour, hour and
    // day, locked after the counter (they read `placed`) and in the key's order. The counter already
    // makes the shop's orders take turns to the commit, so these rows add no wait of their own.
    statement.with(
      'counted',
      `INSERT INTO order_stats (tenant_id, span, bucket, product_id, name, orders, quantity, sales)
       SELECT ${tenantId}, r.* FROM (${ORDER_STATS_ROWS}) r
       ON CONFLICT (tenant_id, span, bucket, product_id) DO UPDATE
         SET orders = order_stats.orders + EXCLUDED.orders, quantity = order_stats.quantity + EXCLUDED.quantity,
             sales = order_stats.sales + EXCLUDED.sales, name = COALESCE(EXCLUDED.name, order_stats.name)`,
    );
    if (order.idempotency) {
      statement.with(
        'kept_key',
        `INSERT INTO order_idempotency_keys (tenant_id, idempotency_key, fingerprint, order_id)
         SELECT ${tenantId}, ${p(order.idempotency.key, 'varchar')}, ${p(order.idempotency.fingerprint, 'char(64)')}, placed.id FROM placed`,
      );
    }
    await addParts(statement, { id: '(SELECT id FROM placed)', orderNumber: '(SELECT order_number FROM placed)' });
    return statement.run<OrderRow>(
      manager,
      `SELECT placed.*,
              (SELECT json_agg(json_build_object('product_id', i.product_id, 'name', i.name, 'price', i.price,
                                                 'quantity', i.quantity, 'line_total', i.line_total) ORDER BY i.id)
                 FROM items i) AS items
         FROM placed`,
      options,
    );
  }
}
