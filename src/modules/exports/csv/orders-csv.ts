import type { OrderExportRow } from '@modules/orders';
import { csvCell } from '../domain/csv-cell';

/** The columns of an orders export (decisions §9), in order. */
export const ORDERS_CSV_COLUMNS = [
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
  'items',
] as const;

/** `2 x Camisa; 1 x Gorra`: one order's lines in the order they were added. */
export function formatItems(items: OrderExportRow['items']): string {
  return items.map((item) => `${item.quantity} x ${item.name}`).join('; ');
}

/** One order as its CSV record: amounts as stored (two decimals), times in UTC ISO 8601, every cell guarded. */
export function orderRecord(row: OrderExportRow): string[] {
  const values: Record<(typeof ORDERS_CSV_COLUMNS)[number], string | null> = {
    order_number: row.order_number,
    created_at: row.created_at.toISOString(),
    status: row.status,
    payment_status: row.payment_status,
    customer_name: row.customer_name,
    customer_phone: row.customer_phone,
    customer_email: row.customer_email,
    customer_address: row.customer_address,
    customer_notes: row.customer_notes,
    delivery_type: row.delivery_type,
    payment_method: row.payment_method,
    coupon_code: row.coupon_code,
    subtotal: row.subtotal,
    discount_amount: row.discount_amount,
    delivery_fee: row.delivery_fee,
    total: row.total,
    currency: row.currency,
    items: formatItems(row.items),
  };
  return ORDERS_CSV_COLUMNS.map((column) => csvCell(values[column]));
}
