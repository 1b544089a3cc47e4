import { MigrationInterface, QueryRunner } from 'typeorm';

export class Commerce1763700300000 implements MigrationInterface {
  name = 'Commerce1763700300000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE locations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
        name varchar(255) NOT NULL,
        address varchar(500) NULL,
        is_primary boolean NOT NULL DEFAULT false,
        is_active boolean NOT NULL DEFAULT true,
        delivery_fee numeric(12, 2) NOT NULL DEFAULT 0 CHECK (delivery_fee >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX locations_tenant_idx ON locations (tenant_id)`);
    // At most one active primary location per tenant, whatever the application does.
    await db.query(`CREATE UNIQUE INDEX locations_one_active_primary ON locations (tenant_id) WHERE is_primary AND is_active`);

    await db.query(`
      CREATE TABLE products (
        id serial PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
        name varchar(255) NOT NULL,
        price numeric(12, 2) NOT NULL CHECK (price >= 0),
        category_id integer NULL CHECK (category_id > 0),
        stock integer NULL CHECK (stock >= 0),
        is_active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX products_tenant_idx ON products (tenant_id, id)`);

    // Stock reserved by a checkout session until expires_at. Expired rows simply stop counting.
    await db.query(`
      CREATE TABLE inventory_holds (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
        session_id varchar(128) NOT NULL,
        product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
        quantity integer NOT NULL CHECK (quantity > 0),
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX inventory_holds_product_idx ON inventory_holds (product_id, expires_at)`);
    await db.query(`CREATE INDEX inventory_holds_session_idx ON inventory_holds (tenant_id, session_id)`);

    await db.query(`
      CREATE TABLE coupons (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
        code varchar(50) NOT NULL CHECK (code = upper(code) AND code <> ''),
        coupon_type varchar(16) NOT NULL CHECK (coupon_type IN ('percentage', 'fixed', 'free_shipping')),
        value numeric(12, 2) NOT NULL DEFAULT 0 CHECK (value >= 0),
        min_spend numeric(12, 2) NULL CHECK (min_spend >= 0),
        max_discount numeric(12, 2) NULL CHECK (max_discount >= 0),
        starts_at timestamptz NULL,
        expires_at timestamptz NULL,
        usage_limit integer NULL CHECK (usage_limit >= 0),
        times_used integer NOT NULL DEFAULT 0 CHECK (times_used >= 0),
        per_customer_limit integer NULL CHECK (per_customer_limit >= 1),
        is_active boolean NOT NULL DEFAULT true,
        is_public boolean NOT NULL DEFAULT false,
        excluded_product_ids integer[] NOT NULL DEFAULT '{}',
        excluded_category_ids integer[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT coupons_tenant_code_unique UNIQUE (tenant_id, code),
        CONSTRAINT coupons_percentage_max CHECK (coupon_type <> 'percentage' OR value <= 100),
        CONSTRAINT coupons_usage_within_limit CHECK (usage_limit IS NULL OR times_used <= usage_limit),
        CONSTRAINT coupons_window CHECK (starts_at IS NULL OR expires_at IS NULL OR starts_at < expires_at)
      )`);

    // Per-tenant order numbers from 1001: the row lock on the counter serialises concurrent orders
    // of one tenant, and a rolled-back order rolls its number back too (no gaps).
    await db.query(`
      CREATE TABLE tenant_order_counters (
        tenant_id uuid PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
        last_number integer NOT NULL
      )`);

    await db.query(`
      CREATE TABLE orders (
        id serial PRIMARY KEY,
        tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
        order_number varchar(20) NOT NULL,
        status varchar(16) NOT NULL DEFAULT 'pending'
          CHECK (status IN ('pending', 'confirmed', 'processing', 'ready', 'delivered', 'cancelled')),
        payment_status varchar(8) NOT NULL DEFAULT 'unpaid' CHECK (payment_status IN ('unpaid', 'paid', 'failed')),
        paid_at timestamptz NULL,
        customer_name varchar(255) NOT NULL,
        customer_phone varchar(20) NOT NULL,
        customer_email varchar(255) NULL,
        customer_address varchar(500) NULL,
        customer_notes varchar(1000) NULL,
        delivery_type varchar(8) NOT NULL CHECK (delivery_type IN ('pickup', 'delivery')),
        payment_method varchar(16) NOT NULL DEFAULT 'pending'
          CHECK (payment_method IN ('cash', 'bank_transfer', 'card', 'pending')),
        coupon_code varchar(50) NULL,
        location_id uuid NULL REFERENCES locations (id) ON DELETE SET NULL,
        user_id uuid NULL REFERENCES users (id) ON DELETE SET NULL,
        subtotal numeric(12, 2) NOT NULL CHECK (subtotal >= 0),
        discount_amount numeric(12, 2) NOT NULL DEFAULT 0 CHECK (discount_amount >= 0),
        delivery_fee numeric(12, 2) NOT NULL DEFAULT 0 CHECK (delivery_fee >= 0),
        total numeric(12, 2) NOT NULL CHECK (total >= 0),
        currency char(3) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT orders_tenant_number_unique UNIQUE (tenant_id, order_number),
        CONSTRAINT orders_total_adds_up CHECK (total = subtotal - discount_amount + delivery_fee)
      )`);
    await db.query(`CREATE INDEX orders_tenant_created_idx ON orders (tenant_id, created_at DESC, id DESC)`);
    await db.query(`CREATE INDEX orders_tenant_status_created_idx ON orders (tenant_id, status, created_at DESC, id DESC)`);

    await db.query(`
      CREATE TABLE order_items (
        id serial PRIMARY KEY,
        order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
        product_id integer NOT NULL REFERENCES products (id) ON DELETE RESTRICT,
        name varchar(255) NOT NULL,
        price numeric(12, 2) NOT NULL CHECK (price >= 0),
        quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 1000),
        line_total numeric(12, 2) NOT NULL CHECK (line_total = price * quantity)
      )`);
    await db.query(`CREATE INDEX order_items_order_idx ON order_items (order_id)`);

    await db.query(`
      CREATE TABLE order_events (
        id bigserial PRIMARY KEY,
        order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
        tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
        event varchar(32) NOT NULL,
        from_status varchar(16) NULL,
        to_status varchar(16) NULL,
        user_id uuid NULL REFERENCES users (id) ON DELETE SET NULL,
        details jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX order_events_order_idx ON order_events (order_id, id)`);

    // One row per order that used a coupon: per-customer limits count these.
    await db.query(`
      CREATE TABLE coupon_redemptions (
        id bigserial PRIMARY KEY,
        coupon_id uuid NOT NULL REFERENCES coupons (id) ON DELETE CASCADE,
        tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
        order_id integer NOT NULL UNIQUE REFERENCES orders (id) ON DELETE CASCADE,
        customer_key varchar(255) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX coupon_redemptions_customer_idx ON coupon_redemptions (coupon_id, customer_key)`);

    await db.query(`
      CREATE TABLE security_log (
        id bigserial PRIMARY KEY,
        event varchar(64) NOT NULL,
        user_id uuid NULL,
        tenant_id uuid NULL,
        resource_type varchar(64) NULL,
        resource_id varchar(64) NULL,
        ip varchar(64) NULL,
        details jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX security_log_event_created_idx ON security_log (event, created_at DESC)`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of [
      'security_log',
      'coupon_redemptions',
      'order_events',
      'order_items',
      'orders',
      'tenant_order_counters',
      'coupons',
      'inventory_holds',
      'products',
      'locations',
    ]) {
      await db.query(`DROP TABLE ${table}`);
    }
  }
}
