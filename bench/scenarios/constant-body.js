'use strict';
/**
 * The constant-body route against the framework alone (issue 14, item 4): the service's own HTTP
 * app (bench/servers/nest-constant.js: `createHttpApp`, role api, the service's environment and
 * node flags, the analytics-track scenario's ceiling) answering 202 from `POST /bench/constant`, a
 * route that does nothing, measured as the target in place of the running service; the ceiling is
 * the minimal Nest 11 + Express app (bench/servers/nest-bare.js, no middleware) answering the same
 * bytes on the same route. Both get the analytics-track scenario's request (a JSON body the service
 * parses and the minimal app leaves unread).
 *
 * What the route meets in the service and not in the minimal app: the request id and log line, the
 * body parser, the global guards (the default rate-limit group: one Redis call), the validation pipe
 * (nothing to validate) and the exception filter.
 */
const { nestConstant } = require('./_intake-ceilings');
const { nestBareCeiling } = require('./_nest-bare');

module.exports = {
  name: 'constant-body',
  title: "`POST /bench/constant` on the service's own app (202)",
  notes:
    'Target: not the running service but its HTTP app built by `createHttpApp` (role api, the service\'s environment and node flags; bench/servers/nest-constant.js) with one extra route, `POST /bench/constant`, which does nothing and answers 202 `{"success":true,"message":"Event accepted."}`. Requests: the analytics-track scenario\'s (a `cart_add` event of 118 bytes).',

  subject: nestConstant('redis', { profileName: 'constant-body' }),

  target: {
    method: 'POST',
    path: '/bench/constant',
    headers: { 'content-type': 'application/json' },
    body: {
      tenant_id: '00000000-0000-4000-8000-000000000000',
      type: 'cart_add',
      product_id: '00000000-0000-4000-8000-000000000001',
      metadata: { source: 'bench', position: 3 },
    },
    expect: { status: 202, body: '{"success":true,"message":"Event accepted."}' },
  },

  ceilings: [
    nestBareCeiling({
      name: 'nest-bare',
      description:
        "a minimal Nest 11 + Express app with no middleware, guard, pipe, filter or logger (bench/servers/nest-bare.js) answering `POST /bench/constant` with the same 202 and body (the request's body left unread), run with the service's node flags and its api process's heap settings",
      path: '/bench/constant',
      status: 202,
    }),
  ],

  // Issue 14: the service's per-request layers cost almost nothing on a route that needs none of them.
  targets: { minRatio: { 'nest-bare': 0.9 } },
};
