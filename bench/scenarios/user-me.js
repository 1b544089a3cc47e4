'use strict';
/**
 * `GET /api/v1/user` (issue 3, issue 14): the bearer token is verified (one indexed read joining the
 * token and its user, a constant-time compare of the secret's SHA-256; `last_used_at` is written at
 * most once a minute), the `api` rate limit is counted, then the user is read and presented. 200.
 *
 * Two ceilings in the same rounds: a bare `node:http` + `pg` server doing the same token lookup
 * (bench/servers/user-token.js; issue 14 asks for ≥ 0.5 of it), and the usual bare server
 * answering the same bytes with no work at all.
 */
const path = require('node:path');
const { childServer, nodeHttp } = require('../lib/ceilings');
const { createShop } = require('./_seed');

function nodeHttpPg() {
  return childServer({
    name: 'node:http+pg',
    description:
      "bare `node:http` + `pg` server (bench/servers/user-token.js, a pool of 10) doing the same token lookup (the service's token query joined with the user, the SHA-256 compare) and answering the same user JSON",
    script: path.join(__dirname, '..', 'servers', 'user-token.js'),
    options: (ctx) => ({
      args: [JSON.stringify({ databaseUrl: ctx.databaseUrl, poolSize: 10 })],
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production' },
      expect: { status: 200 },
    }),
  });
}

module.exports = {
  name: 'user-me',
  title: '`GET /api/v1/user` (bearer token, 200)',

  async setup(ctx) {
    const db = await ctx.db();
    const shop = await createShop(db, 'user');
    const res = await ctx.request('/api/v1/user', { headers: { authorization: `Bearer ${shop.token}` } });
    if (res.status !== 200) throw new Error(`user-me set-up: expected 200, got ${res.status} ${res.body}`);
    return { token: shop.token, response: { status: 200, headers: { 'Content-Type': res.headers['content-type'] }, body: res.body } };
  },

  target: (ctx, state) => ({
    method: 'GET',
    path: '/api/v1/user',
    headers: { authorization: `Bearer ${state.token}` },
    expect: { status: 200, body: state.response.body },
  }),

  ceilings: [
    nodeHttpPg(),
    // The same bytes the route answers, from a bare node:http server.
    nodeHttp((ctx, state) => state.response),
  ],

  // Issue 14: at least half of a bare node:http + pg server doing the same token lookup.
  targets: { minRatio: { 'node:http+pg': 0.5 } },
};
