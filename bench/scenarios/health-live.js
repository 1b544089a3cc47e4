'use strict';
/**
 * The floor of the stack: a route that checks no dependency, so what it costs is Nest + Express +
 * the global middleware (request id, pino-http with the path ignored, body parsers skipped for GET),
 * the global guards (no token asked, rate limiting skipped for health) and the exception filter.
 *
 * Three ceilings in the same rounds: a minimal Nest 11 + Express app with no middleware answering the
 * same route (bench/servers/nest-bare.js: the framework alone; issue 14 asks for ≥ 0.9 of it), the
 * same app made with the service's Express adapter (for information: the framework's cost once both
 * sides make requests the same way), and a bare node:http server answering the same bytes (what the
 * framework itself costs).
 */
const { nodeHttp } = require('../lib/ceilings');
const { nestBareCeiling } = require('./_nest-bare');

const nestBare = nestBareCeiling({
  name: 'nest-bare',
  description:
    "a minimal Nest 11 + Express app with no middleware, guard, pipe, filter or logger (bench/servers/nest-bare.js) answering `GET /health/live` with the same bytes, run with the service's node flags and its api process's heap settings",
});

// The same app made with the service's Express adapter: the framework's cost once both sides make
// requests the same way (docs/benchmarks.md, garbage collection). For information; no target.
const nestBareAdapted = nestBareCeiling({
  name: 'nest-bare-adapter',
  description:
    "the same minimal Nest app made with the service's Express adapter (`--service-adapter`: requests and responses made with Express's prototypes; src/common/http/express-app.adapter.ts) and nothing else of the service's, run with the same node flags",
  args: ['--service-adapter'],
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
    nestBareAdapted,
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
