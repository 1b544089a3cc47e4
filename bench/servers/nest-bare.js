'use strict';
/**
 * Ceiling "the framework alone": a minimal Nest 11 + Express app with no middleware (no body
 * parsers, no global guards, pipes, filters or interceptors, no logger) answering `GET /health/live`
 * with the service's bytes (200 `OK`, text/plain, no-store) and `POST /bench/constant` with the
 * constant-body route's (202 `{"success":true,"message":"Event accepted."}`, the body it is sent
 * left unread). What the service's cheapest routes cost beyond this is the service's own
 * per-request layers.
 *
 * With `--service-adapter`, the app is made with the service's Express adapter
 * (src/common/http/express-app.adapter.ts, from dist/: requests and responses made with Express's
 * prototypes, which spares the garbage collector) and nothing else of the service's: what the
 * framework costs once that is the same on both sides.
 *
 * Reports { port } over IPC.
 */
require('reflect-metadata');
const { Controller, Get, Header, HttpCode, Module } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');
const path = require('node:path');
const { BenchConstantController } = require('./lib/constant-route');

const SERVICE_ADAPTER = process.argv.includes('--service-adapter');

// Decorators applied by hand: this file is plain JavaScript.
class LiveController {
  live() {
    return 'OK';
  }
}
const descriptor = Object.getOwnPropertyDescriptor(LiveController.prototype, 'live');
Get('live')(LiveController.prototype, 'live', descriptor);
HttpCode(200)(LiveController.prototype, 'live', descriptor);
Header('Content-Type', 'text/plain; charset=utf-8')(LiveController.prototype, 'live', descriptor);
Header('Cache-Control', 'no-store')(LiveController.prototype, 'live', descriptor);
Controller('health')(LiveController);

class BareModule {}
Module({ controllers: [LiveController, BenchConstantController] })(BareModule);

async function main() {
  const options = { logger: false, bodyParser: false };
  const app = SERVICE_ADAPTER
    ? await NestFactory.create(BareModule, new (serviceAdapter())(), options)
    : await NestFactory.create(BareModule, options);
  app.getHttpAdapter().getInstance().disable('x-powered-by');
  app.getHttpAdapter().getInstance().set('etag', false);
  await app.listen(0, '127.0.0.1');
  process.send({ port: app.getHttpServer().address().port });
  process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
}

function serviceAdapter() {
  const file = path.resolve(__dirname, '..', '..', 'dist', 'src', 'common', 'http', 'express-app.adapter.js');
  return require(file).ExpressAppAdapter;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
