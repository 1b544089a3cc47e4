import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { searchKey } from '@modules/catalog/domain/catalog-search';
import { createTenantWithOwner, TenantWithOwner } from './factories';
import type { TestApp } from './test-app';

/**
 * Catalog rows for order and checkout tests, written straight to the database. Amounts are decimal
 * strings as stored ("19.90").
 */

const db = (t: TestApp) => t.get(DataSource);

export async function createLocation(
  t: TestApp,
  tenantId: string,
  overrides: { isPrimary?: boolean; isActive?: boolean; deliveryFee?: string; name?: string; address?: string | null } = {},
): Promise<{ id: string }> {
  const [row] = await db(t).query(
    `INSERT INTO locations (tenant_id, name, address, is_primary, is_active, delivery_fee) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [
      tenantId,
      overrides.name ?? 'Main store',
      overrides.address ?? null,
      overrides.isPrimary ?? true,
      overrides.isActive ?? true,
      overrides.deliveryFee ?? '50.00',
    ],
  );
  return row;
}

/** A shop that can take orders: its owner (with a token) and an active primary location. */
export async function createShop(
  t: TestApp,
  location: { deliveryFee?: string } = {},
): Promise<TenantWithOwner & { location: { id: string } }> {
  const shop = await createTenantWithOwner(t);
  return { ...shop, location: await createLocation(t, shop.tenant.id, location) };
}

/** A category of the shop, written as the catalog writes it (a slug of its own, last in the list). */
export async function createCategory(
  t: TestApp,
  tenantId: string,
  name = `Category ${randomUUID().slice(0, 6)}`,
): Promise<{ id: number; name: string; slug: string }> {
  const [row] = await db(t).query(
    `INSERT INTO categories (tenant_id, name, slug, position)
     VALUES ($1, $2, $3, (SELECT COALESCE(max(position) + 1, 0) FROM categories WHERE tenant_id = $1)) RETURNING id, name, slug`,
    [tenantId, name, `c-${randomUUID().slice(0, 8)}`],
  );
  return row;
}

export async function createProduct(
  t: TestApp,
  tenantId: string,
  overrides: {
    price?: string;
    stock?: number | null;
    categoryId?: number | null;
    isActive?: boolean;
    name?: string;
    description?: string | null;
    imageUrl?: string | null;
  } = {},
): Promise<{ id: number; price: string; name: string }> {
  const name = overrides.name ?? `Product ${randomUUID().slice(0, 6)}`;
  const description = overrides.description ?? null;
  // The storefront's keys, as the catalog's own writes set them.
  const [row] = await db(t).query(
    `INSERT INTO products (tenant_id, name, price, stock, category_id, is_active, description, image_url, name_key, description_key)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id, price, name`,
    [
      tenantId,
      name,
      overrides.price ?? '100.00',
      overrides.stock === undefined ? 100 : overrides.stock,
      overrides.categoryId ?? null,
      overrides.isActive ?? true,
      description,
      overrides.imageUrl ?? null,
      searchKey(name),
      searchKey(description ?? ''),
    ],
  );
  return row;
}

export interface CouponOverrides {
  code?: string;
  couponType?: 'percentage' | 'fixed' | 'free_shipping';
  value?: string;
  minSpend?: string | null;
  maxDiscount?: string | null;
  startsAt?: Date | null;
  expiresAt?: Date | null;
  usageLimit?: number | null;
  timesUsed?: number;
  perCustomerLimit?: number | null;
  isActive?: boolean;
  isPublic?: boolean;
  excludedProductIds?: number[];
  excludedCategoryIds?: number[];
}

export async function createCoupon(t: TestApp, tenantId: string, overrides: CouponOverrides = {}): Promise<{ id: string; code: string }> {
  const code = overrides.code ?? `C${randomUUID().slice(0, 8).toUpperCase()}`;
  const [row] = await db(t).query(
    `INSERT INTO coupons (tenant_id, code, coupon_type, value, min_spend, max_discount, starts_at, expires_at, usage_limit, times_used,
                          per_customer_limit, is_active, is_public, excluded_product_ids, excluded_category_ids)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id, code`,
    [
      tenantId,
      code,
      overrides.couponType ?? 'percentage',
      overrides.value ?? '10',
      overrides.minSpend ?? null,
      overrides.maxDiscount ?? null,
      overrides.startsAt ?? null,
      overrides.expiresAt ?? null,
      overrides.usageLimit ?? null,
      overrides.timesUsed ?? 0,
      overrides.perCustomerLimit ?? null,
      overrides.isActive ?? true,
      overrides.isPublic ?? false,
      overrides.excludedProductIds ?? [],
      overrides.excludedCategoryIds ?? [],
    ],
  );
  return row;
}

export async function stockOf(t: TestApp, productId: number): Promise<number | null> {
  const [row] = await db(t).query('SELECT stock FROM products WHERE id = $1', [productId]);
  return row.stock;
}

/** A valid storefront order body for these products (quantity 1 each unless given). */
export function orderBody(items: Array<{ product_id: number; quantity?: number }>, extra: Record<string, unknown> = {}) {
  return {
    customer_name: 'Ana López',
    customer_phone: '+50499998888',
    delivery_type: 'pickup',
    items: items.map((item) => ({ product_id: item.product_id, quantity: item.quantity ?? 1 })),
    ...extra,
  };
}

/** A minimal pending order of one line, written directly, so that the product is referenced by an order item. */
export async function createOrderWithProduct(t: TestApp, tenantId: string, productId: number): Promise<{ id: number }> {
  const [order]: Array<{ id: number }> = await db(t).query(
    `INSERT INTO orders (tenant_id, order_number, customer_name, customer_phone, delivery_type, subtotal, total, currency)
     VALUES ($1, $2, 'Ana', '+50499999999', 'pickup', 10.00, 10.00, 'HNL') RETURNING id`,
    [tenantId, `T${randomUUID().slice(0, 12)}`],
  );
  await db(t).query(
    `INSERT INTO order_items (order_id, product_id, name, price, quantity, line_total) VALUES ($1, $2, 'Test product', 10.00, 1, 10.00)`,
    [order.id, productId],
  );
  return order;
}

/** A placed order without lines, written directly: what a conversion beacon is checked against (its number and total). */
export async function createOrder(
  t: TestApp,
  tenantId: string,
  overrides: { orderNumber?: string; total?: string; currency?: string } = {},
): Promise<{ id: number; orderNumber: string; total: string }> {
  const orderNumber = overrides.orderNumber ?? `T${randomUUID().slice(0, 12)}`;
  const total = overrides.total ?? '140.00';
  const [order]: Array<{ id: number }> = await db(t).query(
    `INSERT INTO orders (tenant_id, order_number, customer_name, customer_phone, delivery_type, subtotal, total, currency)
     VALUES ($1, $2, 'Ana', '+50499999999', 'pickup', $3, $3, $4) RETURNING id`,
    [tenantId, orderNumber, total, overrides.currency ?? 'HNL'],
  );
  return { id: order.id, orderNumber, total };
}
