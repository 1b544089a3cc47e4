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
const path = require('node:path');
const { Pool } = require('pg');

const { databaseUrl, tenantId, appUrl, poolSize = 10 } = JSON.parse(process.argv[2]);
const PER_PAGE = 20;
const pool = new Pool({ connectionString: databaseUrl, max: poolSize });

// The service's own SQL and presenter, from the build (the bench runs after `npm run build`), so
// the ceiling does the same database work and serialises the same bytes.
const { SELECT_ORDERS, toResource } = require(
  path.join(__dirname, '..', '..', 'dist', 'src', 'modules', 'orders', 'queries', 'order.presenter.js'),
);
const PAGE = `${SELECT_ORDERS} WHERE o.tenant_id = $1 ORDER BY o.created_at DESC, o.id DESC LIMIT $2 OFFSET $3`;
const COUNT = 'SELECT count(*)::int AS total FROM orders o WHERE o.tenant_id = $1';

const link = (page) => `${appUrl}/api/v1/orders?page=${page}`;

async function answer(req, res) {
  const page = Number(new URL(req.url, 'http://x').searchParams.get('page') ?? '1') || 1;
  const [rows, counted] = await Promise.all([pool.query(PAGE, [tenantId, PER_PAGE, (page - 1) * PER_PAGE]), pool.query(COUNT, [tenantId])]);
  const total = counted.rows[0].total;
  const data = rows.rows.map(toResource);
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
