'use strict';
/**
 * `GET /api/v1/user` (issue 3): the bearer token is verified (one indexed read joining the token
 * and its user, a constant-time compare of the secret's SHA-256; `last_used_at` is written at most
 * once a minute), then the user is read and presented. 200.
 */
const { nodeHttp } = require('../lib/ceilings');
const { createShop } = require('./_seed');

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

  // The same bytes the route answers, from a bare node:http server.
  ceiling: nodeHttp((ctx, state) => state.response),
};
