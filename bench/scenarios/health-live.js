'use strict';
/**
 * The floor of the stack: a route that checks no dependency, so what it costs is Nest + Express +
 * the global middleware (request id, pino-http with the path ignored, body parsers skipped for GET),
 * the global guard (rate limiting is skipped for health) and the exception filter.
 */
const { nodeHttp } = require('../lib/ceilings');

module.exports = {
  name: 'health-live',
  title: '`GET /health/live`',
  target: {
    method: 'GET',
    path: '/health/live',
    expect: { status: 200, body: 'OK' },
  },
  // The same bytes the route answers, from a bare node:http server.
  ceiling: nodeHttp({
    status: 200,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    body: 'OK',
  }),
  // No target ratio is set for this endpoint yet: the figures are recorded, not judged.
};
