'use strict';
/**
 * Ceiling of `GET /api/v1/notifications`: a bare `node:http` + `pg` server that reads one page of
 * one user's notifications with the service's own two queries (the page, unread first, and the
 * count, in parallel on a pool of the service's size) and answers the same page envelope, byte for
 * byte. No framework, no authentication, no validation: the database work and the JSON, nothing else.
 *
 * argv[2]: JSON { databaseUrl, userId, appUrl, poolSize }. Reports { port } over IPC.
 */
const http = require('node:http');
const path = require('node:path');
const { Pool } = require('pg');

const { databaseUrl, userId, appUrl, poolSize = 10 } = JSON.parse(process.argv[2]);
const pool = new Pool({ connectionString: databaseUrl, max: poolSize });

// The service's own SQL, page size and presenter, from the build (the bench runs after `npm run
// build`), so the ceiling does the same database work and serialises the same bytes.
const fromDist = (relative) => require(path.join(__dirname, '..', '..', 'dist', 'src', 'modules', 'notifications', relative));
const { SELECT_NOTIFICATIONS_PAGE, COUNT_NOTIFICATIONS } = fromDist('persistence/notifications.repository.js');
const { NOTIFICATIONS_PER_PAGE: PER_PAGE } = fromDist('queries/list-notifications/list-notifications.query.js');
const { toNotificationResource } = fromDist('dto/notification.resource.js');
const { encodeCursor } = require(path.join(__dirname, '..', '..', 'dist', 'src', 'common', 'http', 'pagination.js'));

const link = (page) => `${appUrl}/api/v1/notifications?page=${page}`;

async function answer(req, res) {
  const page = Number(new URL(req.url, 'http://x').searchParams.get('page') ?? '1') || 1;
  // As the service: the total from the counters, then the page (page 1 here: read from the front).
  const total = (await pool.query(COUNT_NOTIFICATIONS, [userId])).rows[0].total;
  const rows = await pool.query(SELECT_NOTIFICATIONS_PAGE, [userId, PER_PAGE, (page - 1) * PER_PAGE]);
  const data = rows.rows.map(toNotificationResource);
  const last = rows.rows[rows.rows.length - 1];
  const lastPage = Math.max(1, Math.ceil(total / PER_PAGE));
  const from = data.length ? (page - 1) * PER_PAGE + 1 : null;
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
      next_cursor: page < lastPage && last ? encodeCursor('/api/v1/notifications', [last.is_read, last.sort_key, last.id]) : null,
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
