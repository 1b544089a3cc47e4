'use strict';
/**
 * Ceiling of `GET /api/v1/orders`: a bare `node:http` + `pg` server that reads one page of one
 * tenant's orders with the service's own two queries (the page with json_agg items, and the count,
 * in parallel on a pool of the service's size) and answers the same JSON envelope, byte for byte.
 * No framework, no authentication, no validation: the database work and the JSON, nothing else.
 *
 * argv[2]: JSON { databaseUrl, tenantId, appUrl, poolSize }. Reports { port } over IPC.
 */
const http = require('node:http');
const { Pool } = require('pg');

const { databaseUrl, tenantId, appUrl, poolSize = 10 } = JSON.parse(process.argv[2]);
const PER_PAGE = 20;
const pool = new Pool({ connectionString: databaseUrl, max: poolSize });

// The same SQL as OrderReadService.list.
const PAGE = `
  SELECT o.id, o.order_number, o.status, o.payment_status, o.paid_at, o.customer_name, o.customer_phone, o.customer_email,
         o.customer_address, o.customer_notes, o.delivery_type, o.payment_method, o.coupon_code, o.location_id,
         o.subtotal, o.discount_amount, o.delivery_fee, o.total, o.currency, o.created_at, o.updated_at,
         COALESCE((SELECT json_agg(json_build_object('product_id', i.product_id, 'name', i.name, 'price', i.price,
                                                      'quantity', i.quantity, 'line_total', i.line_total) ORDER BY i.id)
                     FROM order_items i WHERE i.order_id = o.id), '[]') AS items
    FROM orders o WHERE o.tenant_id = $1 ORDER BY o.created_at DESC, o.id DESC LIMIT $2 OFFSET $3`;
const COUNT = 'SELECT count(*)::int AS total FROM orders o WHERE o.tenant_id = $1';

// Numeric text ("12.50") or a JSON number (12.5) → the JSON number, as the service's money() does.
const money = (value) => Number(typeof value === 'number' ? value.toFixed(2) : value);
const iso = (value) => (value === null ? null : new Date(value).toISOString());

function present(row) {
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
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

const link = (page) => `${appUrl}/api/v1/orders?page=${page}`;

async function answer(req, res) {
  const page = Number(new URL(req.url, 'http://x').searchParams.get('page') ?? '1') || 1;
  const [rows, counted] = await Promise.all([pool.query(PAGE, [tenantId, PER_PAGE, (page - 1) * PER_PAGE]), pool.query(COUNT, [tenantId])]);
  const total = counted.rows[0].total;
  const data = rows.rows.map(present);
  const lastPage = Math.max(1, Math.ceil(total / PER_PAGE));
  const from = data.length ? (page - 1) * PER_PAGE + 1 : null;
  const body = JSON.stringify({
    data,
    links: { first: link(1), last: link(lastPage), prev: page > 1 ? link(page - 1) : null, next: page < lastPage ? link(page + 1) : null },
    meta: { current_page: page, from, last_page: lastPage, per_page: PER_PAGE, to: from === null ? null : from + data.length - 1, total },
  });
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

const server = http.createServer((req, res) => {
  answer(req, res).catch((error) => {
    res.writeHead(500, { 'Content-Type': 'text/plain' });
    res.end(String(error && error.message));
  });
});

server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
process.on('SIGTERM', () => server.close(() => pool.end().finally(() => process.exit(0))));
