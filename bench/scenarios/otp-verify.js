'use strict';
/**
 * `POST /api/v1/otp/verify` with a wrong code (issue 3): validation, then one transaction that
 * locks the session row (SELECT ... FOR UPDATE), compares the HMAC of the code in constant time,
 * counts the wrong attempt (UPDATE attempts) and commits; the answer is the 422 "The code is
 * incorrect." This path has no account lookup and issues no token.
 *
 * Sessions are seeded directly (a code HMAC no six-digit code matches) and requests go round-robin
 * over SESSIONS of them, so concurrent requests lock different rows, as different people's wrong
 * codes do. After OTP_MAX_ATTEMPTS wrong codes a session is locked, and from then on it answers
 * the "locked" 422 without counting (no UPDATE): a cheaper path. So the service runs with
 * OTP_MAX_ATTEMPTS=100 (the maximum it accepts) and SESSIONS × 99 is far more than a run sends:
 * every measured request takes the counted wrong-code path. The teardown says so if that ever
 * stops being true.
 */
const { randomBytes } = require('node:crypto');
const { nodeHttp } = require('../lib/ceilings');
const { generated } = require('./_seed');

const SESSIONS = 5000;
const MAX_ATTEMPTS = 100;
const WRONG_CODE = '000000';
const JSON_TYPE = 'application/json; charset=utf-8';

module.exports = {
  name: 'otp-verify',
  title: '`POST /api/v1/otp/verify` (wrong code, 422)',
  service: { env: { OTP_MAX_ATTEMPTS: String(MAX_ATTEMPTS) } },
  notes: `Requests go round-robin over ${SESSIONS.toLocaleString('en-US')} seeded sessions with \`OTP_MAX_ATTEMPTS=${MAX_ATTEMPTS}\`, so every one takes the counted wrong-code path (row lock, HMAC compare, \`UPDATE attempts\`), never the cheaper "locked" answer.`,

  async setup(ctx) {
    const db = await ctx.db();
    const { rows } = await db.query(
      `INSERT INTO otp_sessions (identifier, channel, code_hmac, expires_at, attempts)
       SELECT 'bench-otp-' || g || '@example.test', 'email', encode(sha256(convert_to($1 || g::text, 'UTF8')), 'hex'), now() + interval '1 year', 0
         FROM generate_series(1, $2::int) AS g
       RETURNING id`,
      [randomBytes(16).toString('hex'), SESSIONS + 1],
    );
    const ids = rows.map((r) => r.id);
    // One session to learn the exact answer from, so that the ceiling sends the same bytes.
    const probe = ids.pop();
    const res = await ctx.request('/api/v1/otp/verify', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ uuid: probe, otp_code: WRONG_CODE }),
    });
    if (res.status !== 422 || !/incorrect/.test(res.body))
      throw new Error(`otp-verify set-up: expected the wrong-code 422, got ${res.status} ${res.body}`);
    // Bodies made up front, so the load generator only picks one per request.
    const bodies = ids.map((uuid) => JSON.stringify({ uuid, otp_code: WRONG_CODE }));
    return { db, bodies, response: { status: 422, headers: { 'Content-Type': res.headers['content-type'] ?? JSON_TYPE }, body: res.body } };
  },

  target: (ctx, state) =>
    generated(
      { method: 'POST', path: '/api/v1/otp/verify', headers: { 'content-type': 'application/json' }, expect: { status: 422 } },
      (i) => ({ body: state.bodies[i % state.bodies.length] }),
    ),

  ceiling: nodeHttp((ctx, state) => state.response),

  async teardown(ctx, state) {
    const { rows } = await state.db.query('SELECT count(*)::int AS locked, max(attempts) AS most FROM otp_sessions WHERE attempts >= $1', [
      MAX_ATTEMPTS,
    ]);
    if (rows[0].locked > 0)
      ctx.log(`  warning: ${rows[0].locked} sessions reached OTP_MAX_ATTEMPTS: part of the run measured the "locked" answer`);
  },
};
