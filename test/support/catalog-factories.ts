import { DataSource } from 'typeorm';
import type { TestApp } from './test-app';

/**
 * Catalog rows written straight to the database, for states the API deliberately cannot reach
 * (an order referring to a product, a coupon already used, an inactive primary location).
 */
function db(source: TestApp | DataSource): DataSource {
  return source instanceof DataSource ? source : source.get(DataSource);
}

export async function insertProduct(
  source: TestApp | DataSource,
  tenantId: string,
  fields: { name?: string; price?: string; stock?: number | null; categoryId?: number | null; isActive?: boolean } = {},
): Promise<{ id: number }> {
  const rows: Array<{ id: number }> = await db(source).query(
    'INSERT INTO products (tenant_id, name, price, stock, category_id, is_active) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
    [tenantId, fields.name ?? 'Test product', fields.price ?? '10.00', fields.stock ?? null, fields.categoryId ?? null, fields.isActive ?? true],
  );
  return rows[0];
}

export async function insertLocation(
  source: TestApp | DataSource,
  tenantId: string,
  fields: { name?: string; isPrimary?: boolean; isActive?: boolean; deliveryFee?: string } = {},
): Promise<{ id: string }> {
  const rows: Array<{ id: string }> = await db(source).query(
    'INSERT INTO locations (tenant_id, name, is_primary, is_active, delivery_fee) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [tenantId, fields.name ?? 'Test location', fields.isPrimary ?? false, fields.isActive ?? true, fields.deliveryFee ?? '0.00'],
  );
  return rows[0];
}

/** A minimal pending order of one line, so that the product is referenced by an order item. */
export async function insertOrderWithProduct(source: TestApp | DataSource, tenantId: string, productId: number): Promise<{ id: number }> {
  const [order]: Array<{ id: number }> = await db(source).query(
    `INSERT INTO orders (tenant_id, order_number, customer_name, customer_phone, delivery_type, subtotal, total, currency)
     VALUES ($1, $2, 'Ana', '+50499999999', 'pickup', 10.00, 10.00, 'HNL') RETURNING id`,
    [tenantId, String(Date.now() % 1_000_000_000) + String(Math.floor(Math.random() * 1000))],
  );
  await db(source).query(
    `INSERT INTO order_items (order_id, product_id, name, price, quantity, line_total) VALUES ($1, $2, 'Test product', 10.00, 1, 10.00)`,
    [order.id, productId],
  );
  return order;
}
