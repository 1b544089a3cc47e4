'use strict';
/**
 * Seeding helpers shared by the scenarios (files starting with `_` are not scenarios). Rows are
 * written straight to the bench database, the way test/support/factories.ts writes them; the token
 * format and hashing come from the built service itself (dist/), so they cannot drift from it.
 */
const path = require('node:path');
const { randomUUID } = require('node:crypto');

const DIST = path.resolve(__dirname, '..', '..', 'dist', 'src');

/** A module of the built service, e.g. dist('modules/accounts/tokens/bearer-token'). */
function dist(relative) {
  return require(path.join(DIST, relative));
}

/** A bearer token for an existing user, exactly as TokenService issues it (`<id>|<secret>`). */
async function issueToken(db, userId, name = 'bench-token') {
  const { newTokenSecret, hashTokenSecret, formatBearerToken } = dist('modules/accounts/tokens/bearer-token');
  const secret = newTokenSecret();
  const { rows } = await db.query(
    `INSERT INTO personal_access_tokens (user_id, name, token_hash, expires_at) VALUES ($1, $2, $3, now() + interval '30 days') RETURNING id`,
    [userId, name, hashTokenSecret(secret)],
  );
  return formatBearerToken(rows[0].id, secret);
}

/**
 * A public shop (tenant, active) with its owner (role `owner`, no password: nobody signs in with
 * it), the owner's bearer token and an active primary location without a delivery fee.
 */
async function createShop(db, label) {
  const unique = randomUUID().slice(0, 8);
  const { rows: users } = await db.query(
    `INSERT INTO users (name, email, role, email_verified_at) VALUES ($1, $2, 'owner', now()) RETURNING id`,
    [`Bench ${label} owner`, `bench-${label}-${unique}@example.test`],
  );
  const ownerId = users[0].id;
  const { rows: tenants } = await db.query(`INSERT INTO tenants (name, slug, user_id) VALUES ($1, $2, $3) RETURNING id, slug`, [
    `Bench ${label}`,
    `bench-${label}-${unique}`,
    ownerId,
  ]);
  const tenant = tenants[0];
  await db.query('UPDATE users SET tenant_id = $2 WHERE id = $1', [ownerId, tenant.id]);
  const { rows: locations } = await db.query(
    `INSERT INTO locations (tenant_id, name, is_primary, is_active, delivery_fee) VALUES ($1, 'Main', true, true, 0) RETURNING id`,
    [tenant.id],
  );
  const token = await issueToken(db, ownerId);
  return { tenantId: tenant.id, slug: tenant.slug, ownerId, locationId: locations[0].id, token };
}

/** Products of a shop; `stock` null is untracked. Resolves their rows (id, name, price) in id order. */
async function createProducts(db, tenantId, products) {
  const created = [];
  for (const product of products) {
    const { rows } = await db.query(
      `INSERT INTO products (tenant_id, name, price, stock) VALUES ($1, $2, $3, $4) RETURNING id, name, price`,
      [tenantId, product.name, product.price, product.stock ?? null],
    );
    created.push(rows[0]);
  }
  return created.sort((a, b) => a.id - b.id);
}

/**
 * `count` orders of a shop, each with one line per product (quantity 1), numbered from 1001 and
 * created a second apart (newest last), as pending and unpaid orders placed without a coupon.
 * One statement per table: a few thousand orders take well under a second.
 */
async function createOrders(db, { tenantId, locationId, products, count, currency = 'HNL' }) {
  const subtotal = products.reduce((sum, p) => sum + Number(p.price), 0).toFixed(2);
  await db.query('BEGIN');
  try {
    const { rows: base } = await db.query(
      `INSERT INTO tenant_order_counters (tenant_id, last_number) VALUES ($1, 1000 + $2::int)
       ON CONFLICT (tenant_id) DO UPDATE SET last_number = tenant_order_counters.last_number + $2::int
       RETURNING last_number - $2::int AS before`,
      [tenantId, count],
    );
    const first = Number(base[0].before) + 1;
    const { rows: orders } = await db.query(
      `INSERT INTO orders (tenant_id, order_number, customer_name, customer_phone, customer_email, delivery_type, payment_method,
                           location_id, subtotal, discount_amount, delivery_fee, total, currency, created_at, updated_at)
       SELECT $1, ($2::int + g - 1)::text, 'Bench Customer ' || g, '+5049' || lpad(g::text, 7, '0'), 'customer' || g || '@example.test',
              'pickup', 'cash', $3, $4::numeric, 0, 0, $4::numeric, $5,
              now() - make_interval(secs => $6::int - g), now() - make_interval(secs => $6::int - g)
         FROM generate_series(1, $6::int) AS g
       RETURNING id`,
      [tenantId, first, locationId, subtotal, currency, count],
    );
    const ids = orders.map((o) => o.id);
    await db.query(
      `INSERT INTO order_items (order_id, product_id, name, price, quantity, line_total)
       SELECT o.id, p.id, p.name, p.price, 1, p.price
         FROM unnest($1::int[]) AS o(id) CROSS JOIN unnest($2::int[], $3::varchar[], $4::numeric[]) AS p(id, name, price)
        ORDER BY o.id, p.id`,
      [ids, products.map((p) => p.id), products.map((p) => p.name), products.map((p) => p.price)],
    );
    await db.query(
      `INSERT INTO order_events (order_id, tenant_id, event, to_status) SELECT id, $2, 'created', 'pending' FROM unnest($1::int[]) AS o(id)`,
      [ids, tenantId],
    );
    await db.query('COMMIT');
    return ids;
  } catch (error) {
    await db.query('ROLLBACK');
    throw error;
  }
}

/**
 * A request sequence whose one request is generated per call by `make(index)`: distinct ids,
 * signatures... `index` counts the target's requests from 0 (the pre-flight request included);
 * each ceiling gets its own generator (`forCeiling`), so ceilings never use up the target's ids.
 * `make` returns fields to merge into the request (`body` as a string, `headers`, `path`). Built on
 * autocannon's setupRequest, so it always runs with autocannon.
 */
function generated(base, make) {
  let index = 0;
  const spec = (next) => ({
    requests: [
      {
        ...base,
        setupRequest(req) {
          const extra = make(next());
          return { ...req, ...extra, headers: { ...req.headers, ...(extra.headers ?? {}) } };
        },
      },
    ],
    expect: base.expect,
  });
  return {
    ...spec(() => index++),
    /** How many requests the target has generated so far. */
    generatedCount: () => index,
    forCeiling() {
      let own = 0;
      return spec(() => own++);
    },
  };
}

/**
 * Runs with the service in several modes (ctx.services): each must answer `path` with exactly
 * `body` (the first mode's answer), so that the modes are compared on the same work.
 */
async function sameAnswerInEveryMode(ctx, path, headers, body) {
  for (const [mode, service] of Object.entries(ctx.services)) {
    if (service.url === ctx.service.url) continue;
    const res = await ctx.request(new URL(path, service.url), { headers });
    if (res.status !== 200 || res.body !== body)
      throw new Error(
        `${path}: the ${mode} service answers differently\nfirst: ${body.slice(0, 300)}\n${mode}: ${res.status} ${res.body.slice(0, 300)}`,
      );
  }
}

/** An integer of at least 100 from the environment variable `name`, else `fallback`. */
function sizeFromEnv(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 100) throw new Error(`${name}=${raw}: expected an integer ≥ 100`);
  return value;
}

/**
 * A shop with `count` orders of 3 items each, statuses in turn (a sixth of them in each status),
 * written with generate_series and spread evenly over the last `spreadSeconds` (default: one second
 * apart); with `rollups`, the order rollups (order_stats) filled by the migration's own backfill.
 */
async function seedOrderShop(db, label, count, log, { spreadSeconds = count, rollups = false } = {}) {
  const started = Date.now();
  const shop = await createShop(db, label);
  await createProducts(db, shop.tenantId, [
    { name: 'Coffee', price: '10.00' },
    { name: 'Bagel', price: '20.50' },
    { name: 'Juice', price: '30.25' },
  ]);
  await db.query('BEGIN');
  await db.query('SET LOCAL synchronous_commit = off');
  await db.query(`INSERT INTO tenant_order_counters (tenant_id, last_number) VALUES ($1, 1000 + $2::int)`, [shop.tenantId, count]);
  await db.query(
    `INSERT INTO orders (tenant_id, order_number, status, customer_name, customer_phone, delivery_type, payment_method,
                         location_id, subtotal, discount_amount, delivery_fee, total, currency, created_at, updated_at)
     SELECT $1, (1000 + g)::text,
            (ARRAY['pending', 'confirmed', 'processing', 'ready', 'delivered', 'cancelled'])[1 + g % 6],
            'Bench Customer ' || g, '+5049' || lpad(g::text, 7, '0'), 'pickup', 'cash', $2, 60.75, 0, 0, 60.75, 'HNL',
            now() - make_interval(secs => $4::float8 * ($3::int - g) / $3::int), now() - make_interval(secs => $4::float8 * ($3::int - g) / $3::int)
       FROM generate_series(1, $3::int) AS g`,
    [shop.tenantId, shop.locationId, count, spreadSeconds],
  );
  await db.query(
    `INSERT INTO order_items (order_id, product_id, name, price, quantity, line_total)
     SELECT o.id, p.id, p.name, p.price, 1, p.price
       FROM orders o CROSS JOIN (SELECT id, name, price FROM products WHERE tenant_id = $1) p
      WHERE o.tenant_id = $1
      ORDER BY o.id, p.id`,
    [shop.tenantId],
  );
  if (rollups) {
    const migration = path.resolve(__dirname, '..', '..', 'dist', 'migrations', '1763701650000-order-stats');
    await require(migration).backfillOrderStats(db, shop.tenantId);
  }
  await db.query('COMMIT');
  const { rows } = await db.query('SELECT count(*)::int AS n FROM order_stats WHERE tenant_id = $1', [shop.tenantId]);
  log(
    `  seeded ${count.toLocaleString('en-US')} orders (${(count * 3).toLocaleString('en-US')} items, ${rows[0].n.toLocaleString('en-US')} rollup rows) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return { ...shop, count };
}

module.exports = {
  dist,
  issueToken,
  createShop,
  createProducts,
  createOrders,
  generated,
  sameAnswerInEveryMode,
  sizeFromEnv,
  seedOrderShop,
};
