import type { OrderResource } from '../dto/order.resource';
import type { OrderStatus } from '../domain/order-status';

/** An order with its items, as SELECT_ORDERS (and the placing statement) answer it. */
export interface OrderRow {
  id: number;
  order_number: string;
  status: OrderStatus;
  payment_status: OrderResource['payment_status'];
  paid_at: Date | null;
  customer_name: string;
  customer_phone: string;
  customer_email: string | null;
  customer_address: string | null;
  customer_notes: string | null;
  delivery_type: OrderResource['delivery_type'];
  payment_method: OrderResource['payment_method'];
  coupon_code: string | null;
  location_id: string | null;
  /** The branch's name and address when the order was placed (null for orders placed before they were kept). */
  location_name: string | null;
  location_address: string | null;
  subtotal: string;
  discount_amount: string;
  delivery_fee: string;
  total: string;
  currency: string;
  created_at: Date;
  updated_at: Date;
  items: Array<{ product_id: number; name: string; price: string | number; quantity: number; line_total: string | number }>;
}

/** One row of an order's history (`order_events`). */
export interface OrderEventRow {
  event: 'created' | 'status_changed' | 'paid' | 'payment_failed';
  from_status: OrderStatus | null;
  to_status: OrderStatus | null;
  created_at: Date;
}

/** The order's own columns, as the presenter reads them: the list, the show and the placing INSERT's RETURNING. */
export const ORDER_COLUMNS = [
  'id',
  'order_number',
  'status',
  'payment_status',
  'paid_at',
  'customer_name',
  'customer_phone',
  'customer_email',
  'customer_address',
  'customer_notes',
  'delivery_type',
  'payment_method',
  'coupon_code',
  'location_id',
  'location_name',
  'location_address',
  'subtotal',
  'discount_amount',
  'delivery_fee',
  'total',
  'currency',
  'created_at',
  'updated_at',
] as const;

/** An order's items as a JSON array, in the order they were inserted (`o` the order; `[]` when it has none). */
export const ORDER_ITEMS = `COALESCE((SELECT json_agg(json_build_object('product_id', i.product_id, 'name', i.name, 'price', i.price,
                                                      'quantity', i.quantity, 'line_total', i.line_total) ORDER BY i.id)
                     FROM order_items i WHERE i.order_id = o.id), '[]') AS items`;

/** One round trip per page: the items come aggregated with their order, in the order they were inserted. Callers append WHERE / ORDER BY. */
export const SELECT_ORDERS = `
  SELECT ${ORDER_COLUMNS.map((column) => `o.${column}`).join(', ')},
         ${ORDER_ITEMS}
    FROM orders o`;

/** One order as an export reads it: amounts as the decimal text PostgreSQL stores, items in the order they were added. */
export interface OrderExportRow {
  order_number: string;
  created_at: Date;
  status: OrderStatus;
  payment_status: 'unpaid' | 'paid' | 'failed';
  customer_name: string;
  customer_phone: string;
  customer_email: string | null;
  customer_address: string | null;
  customer_notes: string | null;
  delivery_type: 'pickup' | 'delivery';
  payment_method: string;
  coupon_code: string | null;
  subtotal: string;
  discount_amount: string;
  delivery_fee: string;
  total: string;
  currency: string;
  /** The name of the branch (location) the order was placed at, by its stored `location_id`; null when none or deleted. */
  location_name: string | null;
  items: Array<{ quantity: number; name: string }>;
}

/**
 * The order's own columns an export reads, in the export's order (decisions §9); the order's items
 * follow them. The one list: the export's SELECT (orders-export.repository.ts) reads these, and the
 * CSV of the exports module writes them as its header and cells, in this order.
 */
export const ORDER_EXPORT_COLUMNS = [
  'order_number',
  'created_at',
  'status',
  'payment_status',
  'customer_name',
  'customer_phone',
  'customer_email',
  'customer_address',
  'customer_notes',
  'delivery_type',
  'payment_method',
  'coupon_code',
  'subtotal',
  'discount_amount',
  'delivery_fee',
  'total',
  'currency',
] as const satisfies ReadonlyArray<Exclude<keyof OrderExportRow, 'items' | 'location_name'>>;

/** One calendar day (UTC) of a shop's sales; cancelled orders are not counted. */
export interface DailySalesRow {
  /** YYYY-MM-DD. */
  date: string;
  orders: number;
  /** Sum of the orders' totals, decimal text. */
  revenue: string;
  /** Sum of their discounts, decimal text. */
  discounts: string;
}

/** An order as the new-order mail's read selects it: amounts as decimal text. */
export interface OrderSummaryRow {
  id: number;
  order_number: string;
  customer_name: string;
  created_at: Date;
  subtotal: string;
  discount_amount: string;
  delivery_fee: string;
  total: string;
  currency: string;
  lines: Array<{ quantity: number; name: string; line_total: string }>;
}
