import { EntityManager } from 'typeorm';
import type { OrderSummaryRow } from './orders.rows';

/** One order as a mail to the shop shows it: amounts as the decimal text PostgreSQL stores. */
export interface OrderSummary {
  id: number;
  orderNumber: string;
  customerName: string;
  createdAt: Date;
  subtotal: string;
  discountAmount: string;
  deliveryFee: string;
  total: string;
  currency: string;
  /** In the order they were added. */
  lines: Array<{ quantity: number; name: string; lineTotal: string }>;
}

/** A shop's order with its lines and totals, for the new-order mail; null when it is gone. */
export async function readOrderSummary(manager: EntityManager, tenantId: string, orderId: number): Promise<OrderSummary | null> {
  const rows: OrderSummaryRow[] = await manager.query(
    `SELECT o.id, o.order_number, o.customer_name, o.created_at, o.subtotal::text, o.discount_amount::text,
            o.delivery_fee::text, o.total::text, o.currency,
            COALESCE((SELECT json_agg(json_build_object('quantity', i.quantity, 'name', i.name, 'line_total', i.line_total::text) ORDER BY i.id)
                        FROM order_items i WHERE i.order_id = o.id), '[]') AS lines
       FROM orders o
      WHERE o.id = $2 AND o.tenant_id = $1`,
    [tenantId, orderId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    orderNumber: row.order_number,
    customerName: row.customer_name,
    createdAt: row.created_at,
    subtotal: row.subtotal,
    discountAmount: row.discount_amount,
    deliveryFee: row.delivery_fee,
    total: row.total,
    currency: row.currency,
    lines: row.lines.map((line) => ({ quantity: line.quantity, name: line.name, lineTotal: line.line_total })),
  };
}
