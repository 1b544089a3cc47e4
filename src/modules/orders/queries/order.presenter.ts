import { centsToNumber, toCents } from '@common/money/money';
import type { OrderStatus } from '../domain/order-status';
import type { OrderResource } from '../dto/order.resource';

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
  subtotal: string;
  discount_amount: string;
  delivery_fee: string;
  total: string;
  currency: string;
  created_at: Date;
  updated_at: Date;
  items: Array<{ product_id: number; name: string; price: string | number; quantity: number; line_total: string | number }>;
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
  'subtotal',
  'discount_amount',
  'delivery_fee',
  'total',
  'currency',
  'created_at',
  'updated_at',
] as const;

/** One round trip per page: the items come aggregated with their order, in the order they were inserted. Callers append WHERE / ORDER BY. */
export const SELECT_ORDERS = `
  SELECT ${ORDER_COLUMNS.map((column) => `o.${column}`).join(', ')},
         COALESCE((SELECT json_agg(json_build_object('product_id', i.product_id, 'name', i.name, 'price', i.price,
                                                      'quantity', i.quantity, 'line_total', i.line_total) ORDER BY i.id)
                     FROM order_items i WHERE i.order_id = o.id), '[]') AS items
    FROM orders o`;

const iso = (value: Date | string) => new Date(value).toISOString();

/** numeric(12,2) arrives as decimal text, or as a JSON number inside the items aggregate. */
export function toResource(row: OrderRow): OrderResource {
  return {
    id: row.id,
    order_number: row.order_number,
    status: row.status,
    payment_status: row.payment_status,
    paid_at: row.paid_at === null ? null : iso(row.paid_at),
    customer_name: row.customer_name,
    customer_phone: row.customer_phone,
    customer_email: row.customer_email,
    customer_address: row.customer_address,
    customer_notes: row.customer_notes,
    delivery_type: row.delivery_type,
    payment_method: row.payment_method,
    coupon_code: row.coupon_code,
    location_id: row.location_id,
    items: row.items.map((item) => ({
      product_id: item.product_id,
      name: item.name,
      price: centsToNumber(toCents(item.price)),
      quantity: item.quantity,
      line_total: centsToNumber(toCents(item.line_total)),
    })),
    subtotal: centsToNumber(toCents(row.subtotal)),
    discount_amount: centsToNumber(toCents(row.discount_amount)),
    delivery_fee: centsToNumber(toCents(row.delivery_fee)),
    total: centsToNumber(toCents(row.total)),
    currency: row.currency,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}
