'use strict';
/**
 * `POST /api/v1/orders` (issues 4 and 14): a storefront order of 3 items with a 10 % coupon, the
 * shop named by `X-Tenant-ID`, beside pgbench running the transaction the service ran before
 * issue 14.
 *
 * The service (PlaceOrderHandler): before its transaction, without locks, the location, the lines
 * priced from the catalog and the coupon's rules (three reads). In the transaction: one statement
 * locks the 3 products in id order and then the coupon (InventoryService.lockIn,
 * CouponLedger.lockIn); one statement takes the stock (holds of other sessions summed), bumps the
 * tenant's order counter, inserts the order, its items and its first event, counts the coupon's
 * use and its redemption and inserts the OrderPlaced outbox row (CombinedStatement); COMMIT. The
 * customer's earlier redemptions are counted only for a coupon with a per-customer limit (this one
 * has none). Outside it: the tenant lookup (cached in-process) and the rate-limit counter (Redis).
 * The 201 answer is the transaction's own RETURNING, with no read-back.
 *
 * The ceiling is pgbench running, unchanged, the 15 statements of the transaction as it was before
 * issue 14 (location, 3 products FOR UPDATE, holds, stock decrement, coupon FOR UPDATE, redemption
 * count, counter upsert, order, items, event, times_used, redemption, outbox row), the same client
 * count and round length, each statement one round trip with its parameters sent apart
 * (-M extended), as node-postgres does. It is that design at its physical best: a ratio ≥ 1 means
 * the service beats the old transaction even with none of Node's costs.
 *
 * Every order locks the same rows (3 products, 1 coupon, 1 counter): that is one busy shop, the
 * realistic case, and the same for both sides. Throughput is then bounded by how long a
 * transaction holds those locks, i.e. by the round trips between its first lock and its commit.
 * Stock is tracked (2,000,000,000 each, so the decrement happens and never runs out); the coupon
 * has no usage limit. Each request is a distinct customer (phone), as is each pgbench transaction,
 * so the per-customer redemption count reads an empty range, as it would in a real shop.
 */
const { pgbench } = require('../lib/ceilings');
const { createShop, createProducts, generated } = require('./_seed');

const PRODUCTS = [
  { name: 'Coffee', price: '10.00', stock: 2_000_000_000 },
  { name: 'Bagel', price: '20.00', stock: 2_000_000_000 },
  { name: 'Juice', price: '30.00', stock: 2_000_000_000 },
];
const COUPON = 'BENCH10';
// 60.00 subtotal, 10 % off, pickup (no delivery fee).
const SUBTOTAL = '60.00';
const DISCOUNT = '6.00';
const TOTAL = '54.00';

// The statements of PlaceOrderHandler.execute before issue 14, in its order, with its SQL (whitespace
// aside). Kept as it was: it is the old design's ceiling.
const SCRIPT = `
\\set n random(100000000, 999999999)
BEGIN;
SELECT id, delivery_fee FROM locations WHERE tenant_id = :tenant AND is_primary AND is_active;
SELECT id, name, price, stock, category_id, is_active FROM products WHERE tenant_id = :tenant AND id = ANY(:pids::int[]) ORDER BY id FOR UPDATE;
SELECT product_id, sum(quantity) AS held FROM inventory_holds WHERE product_id = ANY(:pids::int[]) AND expires_at > now() AND NOT (tenant_id = :tenant AND session_id IS NOT DISTINCT FROM NULL::varchar) GROUP BY product_id;
UPDATE products p SET stock = p.stock - w.quantity, updated_at = now() FROM unnest(:pids::int[], :qtys::int[]) AS w(id, quantity) WHERE p.id = w.id;
SELECT id, code, coupon_type, value, min_spend, max_discount, starts_at, expires_at, usage_limit, times_used, per_customer_limit, is_active, excluded_product_ids, excluded_category_ids FROM coupons WHERE tenant_id = :tenant AND code = :code FOR UPDATE;
SELECT count(*) FROM coupon_redemptions WHERE coupon_id = :coupon AND customer_key = 'phone:+504' || :n;
INSERT INTO tenant_order_counters (tenant_id, last_number) VALUES (:tenant, 1001) ON CONFLICT (tenant_id) DO UPDATE SET last_number = tenant_order_counters.last_number + 1 RETURNING last_number \\gset
INSERT INTO orders (tenant_id, order_number, customer_name, customer_phone, customer_email, customer_address, customer_notes, delivery_type, payment_method, coupon_code, location_id, user_id, subtotal, discount_amount, delivery_fee, total, currency) VALUES (:tenant, :last_number, 'Bench Customer', '+504' || :n, NULL, NULL, NULL, 'pickup', 'cash', :code, :location, NULL, :subtotal, :discount, '0.00', :total, 'HNL') RETURNING id \\gset order_
INSERT INTO order_items (order_id, product_id, name, price, quantity, line_total) SELECT :order_id, * FROM unnest(:pids::int[], :names::varchar[], :prices::numeric[], :qtys::int[], :prices::numeric[]);
INSERT INTO order_events (order_id, tenant_id, event, to_status, user_id) VALUES (:order_id, :tenant, 'created', 'pending', NULL);
UPDATE coupons SET times_used = times_used + 1, updated_at = now() WHERE id = :coupon;
INSERT INTO coupon_redemptions (coupon_id, tenant_id, order_id, customer_key) VALUES (:coupon, :tenant, :order_id, 'phone:+504' || :n);
INSERT INTO outbox_events (event_type, tenant_id, payload, occurred_at) VALUES ('OrderPlaced', :tenant, jsonb_build_object('order_id', :order_id::int, 'order_number', :last_number::text, 'customer_name', 'Bench Customer', 'total', :total::text, 'currency', 'HNL'), now()) RETURNING id, status, attempts, available_at, created_at;
COMMIT;
`;

module.exports = {
  name: 'orders-place',
  title: '`POST /api/v1/orders` (3 items, a coupon; 201)',
  notes:
    "One shop, so every order locks the same 3 product rows, the coupon row and the order counter, on both sides. The pgbench script is the handler's transaction as it was before issue 14, statement for statement (15 round trips, parameters apart); the service now reads location, prices and coupon rules before its transaction and runs 3 round trips inside it (the locks, one combined statement, COMMIT); it also resolves the tenant (cached) and counts the rate limit in Redis.",

  async setup(ctx) {
    const db = await ctx.db();
    const shop = await createShop(db, 'orders-place');
    const products = await createProducts(db, shop.tenantId, PRODUCTS);
    const { rows } = await db.query(
      `INSERT INTO coupons (tenant_id, code, coupon_type, value, usage_limit, is_active) VALUES ($1, $2, 'percentage', 10, NULL, true) RETURNING id`,
      [shop.tenantId, COUPON],
    );
    return { db, shop, products, couponId: rows[0].id };
  },

  target: (ctx, state) =>
    generated(
      {
        method: 'POST',
        path: '/api/v1/orders',
        headers: { 'content-type': 'application/json', 'x-tenant-id': state.shop.tenantId },
        expect: { status: 201 },
      },
      (i) => ({
        body: JSON.stringify({
          customer_name: 'Bench Customer',
          customer_phone: `+504${String(10_000_000 + i)}`,
          delivery_type: 'pickup',
          payment_method: 'cash',
          coupon_code: COUPON,
          items: state.products.map((p) => ({ product_id: p.id, quantity: 1 })),
        }),
      }),
    ),

  ceiling: pgbench({
    name: 'pgbench',
    description:
      "pgbench (`-M extended`, same client count and round length) running the handler's transaction as it was before issue 14: location, 3 products FOR UPDATE in id order, holds, stock decrement, coupon FOR UPDATE, redemption count, counter upsert, order, items, event, times_used, redemption, outbox row",
    script: () => SCRIPT,
    variables: (ctx, state) => ({
      tenant: state.shop.tenantId,
      location: state.shop.locationId,
      coupon: state.couponId,
      code: COUPON,
      pids: `{${state.products.map((p) => p.id).join(',')}}`,
      names: `{${state.products.map((p) => p.name).join(',')}}`,
      prices: `{${state.products.map((p) => p.price).join(',')}}`,
      qtys: `{${state.products.map(() => 1).join(',')}}`,
      subtotal: SUBTOTAL,
      discount: DISCOUNT,
      total: TOTAL,
    }),
  }),

  // Issue 14: order creation at least as fast as pgbench running the old transaction.
  targets: { minRatio: 1.0 },
  modes: ['redis', 'postgres-only'],

  async teardown(ctx, state) {
    // Both sides wrote the same orders: check they are indeed the same (totals, items, redemptions).
    const { rows } = await state.db.query(
      `SELECT count(*)::int AS orders,
              count(*) FILTER (WHERE o.total = $2 AND o.discount_amount = $3 AND o.subtotal = $4)::int AS priced,
              (SELECT count(*)::int FROM order_items i JOIN orders x ON x.id = i.order_id WHERE x.tenant_id = $1) AS items,
              (SELECT count(*)::int FROM coupon_redemptions r WHERE r.tenant_id = $1) AS redemptions,
              (SELECT count(*)::int FROM outbox_events e WHERE e.tenant_id = $1) AS outbox
         FROM orders o WHERE o.tenant_id = $1`,
      [state.shop.tenantId, TOTAL, DISCOUNT, SUBTOTAL],
    );
    const r = rows[0];
    const consistent = r.priced === r.orders && r.items === 3 * r.orders && r.redemptions === r.orders && r.outbox === r.orders;
    ctx.log(
      `  ${r.orders.toLocaleString('en-US')} orders placed in all${consistent ? ', each with 3 items, its redemption and its outbox row' : ''}`,
    );
    if (!consistent) throw new Error(`orders-place: the two sides did not write the same rows: ${JSON.stringify(r)}`);
  },
};
