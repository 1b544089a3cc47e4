import type { DataSource, EntityManager } from 'typeorm';
import type { OrderStatus, PaymentStatus } from '../domain/order-status';
import type { OrderResource } from '../dto/order.resource';

/**
 * One order as its shopper is told of it (the status link's page and answer, the shopper's mails):
 * lines and totals as the decimal text PostgreSQL stores, the branch, and the shop that speaks.
 * The shop's `phone` and `whatsapp` are its contact details (null when it has none).
 */
export interface ShopperOrder {
  id: number;
  orderNumber: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: OrderResource['payment_method'];
  customerName: string;
  customerEmail: string | null;
  location: { id: string; name: string; address: string | null } | null;
  /** In the order they were added. */
  items: Array<{ product_id: number; name: string; price: string; quantity: number; line_total: string }>;
  subtotal: string;
  discountAmount: string;
  deliveryFee: string;
  total: string;
  currency: string;
  createdAt: Date;
  shop: ShopperOrderShop;
}

export interface ShopperOrderShop {
  id: string;
  slug: string;
  name: string;
  language: string;
  timezone: string;
  /** Only while the shop accepts transfers. */
  bankTransferInstructions: string | null;
  phone: string | null;
  whatsapp: string | null;
}

interface ShopperOrderRow {
  id: number;
  order_number: string;
  status: OrderStatus;
  payment_status: PaymentStatus;
  payment_method: OrderResource['payment_method'];
  customer_name: string;
  customer_email: string | null;
  location: { id: string; name: string; address: string | null } | null;
  items: ShopperOrder['items'];
  subtotal: string;
  discount_amount: string;
  delivery_fee: string;
  total: string;
  currency: string;
  created_at: Date;
  shop: {
    id: string;
    slug: string;
    name: string;
    language: string;
    timezone: string;
    payment_methods: string[] | null;
    bank_transfer_instructions: string | null;
    phone: string | null;
    whatsapp: string | null;
  };
}

/**
 * The shop's order by id or by number, with its branch and shop in one read; null when the shop
 * has no such order. The branch is the order's stored location (its name and address now).
 */
export async function readShopperOrder(
  db: DataSource | EntityManager,
  tenantId: string,
  order: { id: number } | { orderNumber: string },
): Promise<ShopperOrder | null> {
  const byId = 'id' in order;
  const rows: ShopperOrderRow[] = await db.query(
    `SELECT o.id, o.order_number, o.status, o.payment_status, o.payment_method, o.customer_name, o.customer_email,
            o.subtotal::text AS subtotal, o.discount_amount::text AS discount_amount, o.delivery_fee::text AS delivery_fee,
            o.total::text AS total, o.currency, o.created_at,
            (SELECT json_build_object('id', l.id, 'name', l.name, 'address', l.address)
               FROM locations l WHERE l.id = o.location_id AND l.tenant_id = o.tenant_id) AS location,
            COALESCE((SELECT json_agg(json_build_object('product_id', i.product_id, 'name', i.name, 'price', i.price::text,
                                                        'quantity', i.quantity, 'line_total', i.line_total::text) ORDER BY i.id)
                        FROM order_items i WHERE i.order_id = o.id), '[]') AS items,
            (SELECT json_build_object('id', t.id, 'slug', t.slug, 'name', t.name, 'language', t.language, 'timezone', t.timezone,
                                      'payment_methods', t.payment_methods,
                                      'bank_transfer_instructions', t.bank_transfer_instructions,
                                      'phone', t.phone, 'whatsapp', t.whatsapp)
               FROM tenants t WHERE t.id = o.tenant_id) AS shop
       FROM orders o
      WHERE o.tenant_id = $1 AND ${byId ? 'o.id = $2' : 'o.order_number = $2'}`,
    [tenantId, byId ? order.id : order.orderNumber],
  );
  const row = rows[0];
  if (!row) return null;
  const acceptsTransfers = (row.shop.payment_methods ?? []).includes('bank_transfer');
  return {
    id: row.id,
    orderNumber: row.order_number,
    status: row.status,
    paymentStatus: row.payment_status,
    paymentMethod: row.payment_method,
    customerName: row.customer_name,
    customerEmail: row.customer_email,
    location: row.location,
    items: row.items,
    subtotal: row.subtotal,
    discountAmount: row.discount_amount,
    deliveryFee: row.delivery_fee,
    total: row.total,
    currency: row.currency,
    createdAt: new Date(row.created_at),
    shop: {
      id: row.shop.id,
      slug: row.shop.slug,
      name: row.shop.name,
      language: row.shop.language,
      timezone: row.shop.timezone,
      bankTransferInstructions: acceptsTransfers ? row.shop.bank_transfer_instructions : null,
      phone: row.shop.phone || null,
      whatsapp: row.shop.whatsapp || null,
    },
  };
}
