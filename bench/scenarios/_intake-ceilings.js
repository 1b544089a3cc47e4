'use strict';
/**
 * The two ceilings of the intake endpoints (issue 5: analytics track, payment webhook), measured
 * in the same rounds as the target:
 *   - `nest-constant`: the same Nest/Express app (bench/servers/nest-constant.js, built with the
 *     service's createHttpApp and environment, run with the service's V8 flags) answering a constant JSON body on POST /bench/constant;
 *   - `node:http+queue`: a bare node:http server doing one BullMQ Queue.add per request
 *     (bench/servers/queue-add.js) on the bench Redis;
 *   - `nest-queue-add` (analytics track only; issue 27): what a user would write for the route, a
 *     plain Nest app whose route validates the body with class-validator and does one Queue.add
 *     per request through @nestjs/bullmq (bench/servers/nest-queue-add.js), on the bench Redis.
 * They get the target's requests (bodies, headers), the first on its own path.
 *
 * Each is made for one service mode (bench/lib/service.js) and only runs in runs with that mode
 * (`modes`): with `redis`, the names above; with `postgres-only`, `nest-constant-pg` (the same app
 * with the PostgreSQL-only service's environment: its rate-limit counter in PostgreSQL) and
 * `node:http+pg-queue` (the same Queue.add on BullMQ's PostgreSQL backend).
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { childServer } = require('../lib/ceilings');
const { API_HEAP_FLAGS, SERVICE_NODE_FLAGS } = require('../lib/service');
const { request } = require('../lib/http');

const SERVERS = path.join(__dirname, '..', 'servers');
const CONSTANT_BODY = '{"success":true,"message":"Event accepted."}';

/** `profileName`: the file its profile is written to under BENCH_CPU_PROF (default: its name). */
function nestConstant(mode = 'redis', { profileName } = {}) {
  const redis = mode === 'redis';
  const ceiling = childServer({
    name: redis ? 'nest-constant' : 'nest-constant-pg',
    description: redis
      ? 'the same Nest/Express app (`createHttpApp`, role api, the service\'s environment; bench/servers/nest-constant.js) answering 202 `{"success":true,"message":"Event accepted."}` from an extra `POST /bench/constant` route that does nothing'
      : 'the same Nest/Express app with the PostgreSQL-only service\'s environment (rate-limit counter in PostgreSQL; bench/servers/nest-constant.js) answering 202 `{"success":true,"message":"Event accepted."}` from an extra `POST /bench/constant` route that does nothing',
    script: path.join(SERVERS, 'nest-constant.js'),
    options: (ctx) => {
      // A scratch working directory, as for the service, so that no .env is read.
      const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-ceiling-'));
      return {
        env: { ...ctx.services[mode].env },
        // The service's own app runs under the service's V8 flags (its heap sizes), as the service
        // does; profiled beside it under BENCH_CPU_PROF, to compare the two per request.
        nodeFlags: ctx.config.cpuProfileDir
          ? [
              ...SERVICE_NODE_FLAGS,
              '--cpu-prof',
              `--cpu-prof-dir=${ctx.config.cpuProfileDir}`,
              `--cpu-prof-name=${profileName ?? (redis ? 'nest-constant' : 'nest-constant-pg')}.cpuprofile`,
            ]
          : SERVICE_NODE_FLAGS,
        cwd,
        path: '/bench/constant',
        expect: { status: 202 },
        startTimeoutMs: 60_000,
        async check(url) {
          const res = await request(new URL('/bench/constant', url), {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{}',
          });
          if (res.status !== 202 || res.body !== CONSTANT_BODY) throw new Error(`nest-constant ceiling answered ${res.status} ${res.body}`);
        },
        onStop: () => fs.rmSync(cwd, { recursive: true, force: true }),
      };
    },
  });
  return { ...ceiling, modes: [mode] };
}

function queueAdd(mode = 'redis') {
  const redis = mode === 'redis';
  const ceiling = childServer({
    name: redis ? 'node:http+queue' : 'node:http+pg-queue',
    description: redis
      ? 'bare `node:http` server (bench/servers/queue-add.js) that parses the JSON body, does one BullMQ `Queue.add` (the service\'s Redis, prefix and analytics job options) and answers 202 `{"success":true,"message":"Event accepted."}`'
      : "the same bare server doing the same `Queue.add` on BullMQ's PostgreSQL backend (the bench database, the service's pool settings per queue)",
    script: path.join(SERVERS, 'queue-add.js'),
    options: (ctx) => ({
      args: [
        JSON.stringify({
          backend: redis ? 'redis' : 'postgres',
          redisUrl: ctx.redisUrl,
          databaseUrl: ctx.databaseUrl,
          prefix: ctx.services[mode].env.QUEUE_PREFIX,
          queue: 'bench-ceiling',
          status: 202,
          body: CONSTANT_BODY,
        }),
      ],
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production' },
      expect: { status: 202 },
    }),
  });
  return { ...ceiling, modes: [mode] };
}

/**
 * The Nest route a user would write (bench/servers/nest-queue-add.js): `POST /api/v1/analytics/track`
 * validated by the global ValidationPipe, one `Queue.add` a request. Redis mode only (the queue on
 * the bench Redis with the service's prefix), with the service's V8 flags and an api process's heap
 * settings, as the other Nest ceilings.
 */
function nestQueueAdd() {
  const ceiling = childServer({
    name: 'nest-queue-add',
    description:
      'what a user would write: a plain Nest/Express app (`NestFactory.create`, a global `ValidationPipe` with whitelist, forbidNonWhitelisted and transform; bench/servers/nest-queue-add.js) whose `POST /api/v1/analytics/track` validates the event with class-validator (TrackEventDto\'s fields and limits), does one BullMQ `Queue.add` per request through `@nestjs/bullmq` (the service\'s Redis and prefix, the analytics job options) and answers 202 `{"success":true,"message":"Event accepted."}`',
    script: path.join(SERVERS, 'nest-queue-add.js'),
    options: (ctx) => ({
      args: [JSON.stringify({ redisUrl: ctx.redisUrl, prefix: ctx.services.redis.env.QUEUE_PREFIX, queue: 'bench-nest-ceiling' })],
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production' },
      path: '/api/v1/analytics/track',
      expect: { status: 202 },
      nodeFlags: [...SERVICE_NODE_FLAGS, ...API_HEAP_FLAGS],
      async check(url) {
        const res = await request(new URL('/api/v1/analytics/track', url), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"tenant_id":"shop","type":"nothing"}',
        });
        if (res.status !== 400) throw new Error(`nest-queue-add ceiling accepted an invalid event: ${res.status} ${res.body}`);
      },
    }),
  });
  return { ...ceiling, modes: ['redis'] };
}

module.exports = { nestConstant, nestQueueAdd, queueAdd };
