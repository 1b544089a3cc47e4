import { centsToNumber, toCents } from '@common/money/money';
import type { OrderLocationResource, OrderResource } from '../dto/order.resource';
import type { OrderRow } from '../persistence/orders.rows';

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * `statusUrl`: the order's status link (services/order-status-links.ts).
 * numeric(12,2) arrives as decimal text, or as a JSON number inside the items aggregate. */
export function toResource(row: OrderRow, statusUrl: string): OrderResource {
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
    location: branchOf(row),
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
    status_url: statusUrl,
  };
}

/** The branch the order is taken at, as kept on the order; null once the location is deleted (docs/commerce.md, "Branches"). */
function branchOf(row: OrderRow): OrderLocationResource | null {
  if (row.location_id === null) return null;
  return { id: row.location_id, name: row.location_name ?? '', address: row.location_address };
}
