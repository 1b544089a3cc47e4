'use strict';
/**
 * The floor of the stack: a route that checks no dependency, so what it costs is Nest + Express +
 * the global middleware (request id, pino-http with the path ignored, body parsers skipped for GET),
 * the global guards (no token asked, rate limiting skipped for health) and the exception filter.
 *
 * Two ceilings in the same rounds: a minimal Nest 11 + Express app with no middleware answering the
 * same route (bench/servers/nest-bare.js: the framework alone; issue 14 asks for ≥ 0.9 of it), and
 * a bare node:http server answering the same bytes (what the framework itself costs).
 */
const path = require('node:path');
const { childServer, nodeHttp } = require('../lib/ceilings');
const { SERVICE_NODE_FLAGS } = require('../lib/service');

const nestBare = childServer({
  name: 'nest-bare',
  description:
    "a minimal Nest 11 + Express app with no middleware, guard, pipe, filter or logger (bench/servers/nest-bare.js) answering `GET /health/live` with the same bytes, run with the service's node flags (the same heap limits)",
  script: path.join(__dirname, '..', 'servers', 'nest-bare.js'),
  // The same heap limits as the service (bench/lib/service.js): the ceiling measures the framework, not V8's sizing.
  options: () => ({
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production' },
    expect: { status: 200 },
    nodeFlags: SERVICE_NODE_FLAGS,
  }),
});

module.exports = {
  name: 'health-live',
  title: '`GET /health/live`',
  target: {
    method: 'GET',
    path: '/health/live',
    expect: { status: 200, body: 'OK' },
  },
  ceilings: [
    nestBare,
    // The same bytes the route answers, from a bare node:http server.
    nodeHttp({
      status: 200,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
      body: 'OK',
    }),
  ],
  // Issue 14: the service's per-request layers cost almost nothing on a route that needs none of them.
  targets: { minRatio: { 'nest-bare': 0.9 } },
};
