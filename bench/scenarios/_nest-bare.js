'use strict';
/**
 * The framework-alone ceilings (issue 14): bench/servers/nest-bare.js, a minimal Nest 11 + Express
 * app with no middleware, run with the same heap limits and settings as the service's api process
 * (bench/lib/service.js): the ceiling measures the framework, not V8's sizing. Used by health-live
 * (`GET /health/live`) and constant-body (`POST /bench/constant`).
 */
const path = require('node:path');
const { childServer } = require('../lib/ceilings');
const { API_HEAP_FLAGS, SERVICE_NODE_FLAGS } = require('../lib/service');

/** `path` and `status`: the route the ceiling gets the target's requests on, and what it answers. */
function nestBareCeiling({ name, description, args = [], path: requestPath, status = 200 }) {
  return childServer({
    name,
    description,
    script: path.join(__dirname, '..', 'servers', 'nest-bare.js'),
    options: () => ({
      args,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production' },
      path: requestPath,
      expect: { status },
      nodeFlags: [...SERVICE_NODE_FLAGS, ...API_HEAP_FLAGS],
    }),
  });
}

module.exports = { nestBareCeiling };
