'use strict';
/**
 * Ceiling of `GET /api/v1/user`: a bare `node:http` + `pg` server doing the same token lookup as the
 * service's bearer check (the service's own token query: one indexed read joining the token and its
 * user, then the constant-time compare of the secret's SHA-256), then answering the user exactly as
 * the service presents it, read in the same query. No framework, no rate limit, no validation.
 *
 * argv[2]: JSON { databaseUrl, poolSize }. Reports { port } over IPC.
 */
const http = require('node:http');
const path = require('node:path');
const { Pool } = require('pg');

const { databaseUrl, poolSize = 10 } = JSON.parse(process.argv[2]);
const pool = new Pool({ connectionString: databaseUrl, max: poolSize });
const { parseBearerToken, secretMatchesHash } = require(
  path.join(__dirname, '..', '..', 'dist', 'src', 'modules', 'accounts', 'tokens', 'bearer-token.js'),
);

const LOOKUP = `SELECT t.token_hash, u.id, u.name, u.email, u.tenant_id, u.role, u.is_super_admin, u.avatar_url,
                       u.email_verified_at, u.created_at, u.updated_at
                  FROM personal_access_tokens t JOIN users u ON u.id = t.user_id
                 WHERE t.id = $1 AND (t.expires_at IS NULL OR t.expires_at > now())`;

const iso = (value) => (value ? new Date(value).toISOString() : null);

function send(res, status, body) {
  const bytes = Buffer.from(JSON.stringify(body));
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': bytes.length });
  res.end(bytes);
}

async function answer(req, res) {
  const header = req.headers.authorization ?? '';
  const parsed = header.startsWith('Bearer ') ? parseBearerToken(header.slice(7)) : null;
  if (!parsed) return send(res, 401, { message: 'Unauthenticated.' });
  const { rows } = await pool.query(LOOKUP, [parsed.id]);
  const row = rows[0];
  if (!row || !secretMatchesHash(parsed.secret, row.token_hash)) return send(res, 401, { message: 'Unauthenticated.' });
  // toUserResource's fields, in its order.
  send(res, 200, {
    id: row.id,
    name: row.name,
    email: row.email,
    tenant_id: row.tenant_id,
    role: row.role,
    is_super_admin: row.is_super_admin,
    avatar_url: row.avatar_url,
    email_verified_at: iso(row.email_verified_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  });
}

const server = http.createServer((req, res) => {
  answer(req, res).catch((error) => send(res, 500, { message: String(error && error.message) }));
});
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
process.on('SIGTERM', () => server.close(() => pool.end().finally(() => process.exit(0))));
