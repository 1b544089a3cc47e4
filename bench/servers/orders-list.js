'use strict';
/**
 * Ceiling of `GET /api/v1/orders`: a bare `node:http` + `pg` server that reads one page of one
 * tenant's orders with the service's own two statements (the total from the counters, then the
 * page's ids and their orders with json_agg items, on a pool of the service's size) and answers the
 * same JSON envelope, byte for byte.
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

// The service's own SQL, presenter and cursor, from the build (the bench runs after `npm run build`),
// so the ceiling does the same database work and serialises the same bytes.
const fromDist = (relative) => require(path.join(__dirname, '..', '..', 'dist', 'src', relative));
const { toResource } = fromDist('modules/orders/queries/order.presenter.js');
const { listOrdersStatement } = fromDist('modules/orders/persistence/orders.repository.js');
const { LIST_TOTAL } = fromDist('infra/database/list-counts.js');
const { offsetWindow, encodeCursor } = fromDist('common/http/pagination.js');

const PATH = '/api/v1/orders';
const link = (page) => `${appUrl}${PATH}?page=${page}`;

async function answer(req, res) {
  const page = Number(new URL(req.url, 'http://x').searchParams.get('page') ?? '1') || 1;
  const total = Number((await pool.query(LIST_TOTAL, [tenantId, 'orders', ''])).rows[0].n);
  const offset = (page - 1) * PER_PAGE;
  const statement = listOrdersStatement(tenantId, undefined, offsetWindow(total, offset, PER_PAGE));
  const rows = offset >= total ? [] : (await pool.query(statement.sql, statement.params)).rows;
  const data = rows.map(toResource);
  const lastPage = Math.max(1, Math.ceil(total / PER_PAGE));
  const from = data.length ? offset + 1 : null;
  const last = rows[rows.length - 1];
  const nextCursor = page < lastPage && last ? encodeCursor(PATH, [last.sort_key, last.id]) : null;
  const body = JSON.stringify({
    data,
    links: { first: link(1), last: link(lastPage), prev: page > 1 ? link(page - 1) : null, next: page < lastPage ? link(page + 1) : null },
    meta: {
      current_page: page,
      from,
      last_page: lastPage,
      per_page: PER_PAGE,
      to: from === null ? null : from + data.length - 1,
      total,
      next_cursor: nextCursor,
    },
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
