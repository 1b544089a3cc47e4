import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { TenantOwnershipRegistry } from '@common/context/tenant-ownership.registry';
import { DataSource, EntityManager } from 'typeorm';
import type { OrderStatus } from '../domain/order-status';

export const ORDERS_PER_PAGE = 20;

export interface OrderResource {
  id: number;
  order_number: string;
  status: OrderStatus;
  payment_status: 'unpaid' | 'paid' | 'failed';
  paid_at: string | null;
  customer_name: string;
  customer_phone: string;
  customer_email: string | null;
  customer_address: string | null;
  customer_notes: string | null;
  delivery_type: 'pickup' | 'delivery';
  payment_method: string;
  coupon_code: string | null;
  location_id: string | null;
  items: Array<{ product_id: number; name: string; price: number; quantity: number; line_total: number }>;
  subtotal: number;
  discount_amount: number;
  delivery_fee: number;
  total: number;
  currency: string;
  created_at: string;
  updated_at: string;
}

interface OrderRow {
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
  payment_method: string;
  coupon_code: string | null;
  location_id: string | null;
  subtotal: string;
  discount_amount: string;
  delivery_fee: string;
  total: string;
  currency: string;
  created_at: Date;
  updated_at: Date;
  items: Array<{ product_id: number; name: string; price: string; quantity: number; line_total: string }>;
}

// One round trip per page: the items come aggregated with their order.
const SELECT_ORDERS = `
  SELECT o.id, o.order_number, o.status, o.payment_status, o.paid_at, o.customer_name, o.customer_phone, o.customer_email,
         o.customer_address, o.customer_notes, o.delivery_type, o.payment_method, o.coupon_code, o.location_id,
         o.subtotal, o.discount_amount, o.delivery_fee, o.total, o.currency, o.created_at, o.updated_at,
         COALESCE((SELECT json_agg(json_build_object('product_id', i.product_id, 'name', i.name, 'price', i.price,
                                                      'quantity', i.quantity, 'line_total', i.line_total) ORDER BY i.id)
                     FROM order_items i WHERE i.order_id = o.id), '[]') AS items
    FROM orders o`;

/** Tenant-scoped reads: every query filters by tenant id, so another tenant's order is simply not found. */
@Injectable()
export class OrderReadService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly owners: TenantOwnershipRegistry,
  ) {}

  onModuleInit(): void {
    this.owners.register('order', async (id) => {
      const rows: Array<{ tenant_id: string }> = await this.dataSource.query('SELECT tenant_id FROM orders WHERE id = $1', [id]);
      return rows[0]?.tenant_id ?? null;
    });
  }

  async findOne(tenantId: string, orderId: number, manager?: EntityManager): Promise<OrderResource | null> {
    const rows: OrderRow[] = await (manager ?? this.dataSource.manager).query(`${SELECT_ORDERS} WHERE o.tenant_id = $1 AND o.id = $2`, [
      tenantId,
      orderId,
    ]);
    return rows[0] ? present(rows[0]) : null;
  }

  async list(tenantId: string, status: OrderStatus | undefined, page: number): Promise<{ orders: OrderResource[]; total: number }> {
    const offset = (page - 1) * ORDERS_PER_PAGE;
    const params: unknown[] = [tenantId, ORDERS_PER_PAGE, offset];
    const filter = status ? 'AND o.status = $4' : '';
    if (status) params.push(status);
    const [rows, counted] = await Promise.all([
      this.dataSource.query(
        `${SELECT_ORDERS} WHERE o.tenant_id = $1 ${filter} ORDER BY o.created_at DESC, o.id DESC LIMIT $2 OFFSET $3`,
        params,
      ),
      this.dataSource.query(
        `SELECT count(*)::int AS total FROM orders o WHERE o.tenant_id = $1 ${status ? 'AND o.status = $2' : ''}`,
        status ? [tenantId, status] : [tenantId],
      ),
    ]);
    return { orders: (rows as OrderRow[]).map(present), total: (counted as Array<{ total: number }>)[0].total };
  }
}

// numeric(12,2) arrives as exact decimal text ("199.90"); its nearest double serialises back as 199.9,
// so no cents round trip is needed here (the arithmetic happens in cents when orders are priced).
const money = (value: string | number) => Number(value);
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function present(row: OrderRow): OrderResource {
  return {
    id: row.id,
    order_number: row.order_number,
    status: row.status,
    payment_status: row.payment_status,
    paid_at: iso(row.paid_at),
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
      price: money(item.price),
      quantity: item.quantity,
      line_total: money(item.line_total),
    })),
    subtotal: money(row.subtotal),
    discount_amount: money(row.discount_amount),
    delivery_fee: money(row.delivery_fee),
    total: money(row.total),
    currency: row.currency,
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
}
