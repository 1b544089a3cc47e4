'use strict';
/**
 * Ceiling "the framework alone": a minimal Nest 11 + Express app with no middleware (no body
 * parsers, no global guards, pipes, filters or interceptors, no logger) and one controller
 * answering `GET /health/live` with the service's bytes (200 `OK`, text/plain, no-store). What the
 * service's cheapest routes cost beyond this is the service's own per-request layers.
 *
 * Reports { port } over IPC.
 */
require('reflect-metadata');
const { Controller, Get, Header, HttpCode, Module } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');

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
Module({ controllers: [LiveController] })(BareModule);

async function main() {
  const app = await NestFactory.create(BareModule, { logger: false, bodyParser: false });
  app.getHttpAdapter().getInstance().disable('x-powered-by');
  app.getHttpAdapter().getInstance().set('etag', false);
  await app.listen(0, '127.0.0.1');
  process.send({ port: app.getHttpServer().address().port });
  process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
