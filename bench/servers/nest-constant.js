'use strict';
/**
 * Ceiling "the same Nest/Express app answering a constant JSON body": the service's own HTTP app,
 * built by the same function main.ts uses (createHttpApp, role api, pino at warn, the same
 * environment), with one extra route, `POST /bench/constant`, answering 202
 * `{ success: true, message: 'Event accepted.' }`. Everything a request meets before a handler
 * (request id, body parsers, global guards with the default rate-limit group, the exception
 * filter, the validation pipe, which has nothing to validate here) is there; the handler does nothing.
 *
 * The environment is the service's (passed by the harness); PORT is ignored: it listens on a free
 * port and reports it over IPC.
 */
const path = require('node:path');

const DIST = path.resolve(__dirname, '..', '..', 'dist', 'src');
require('reflect-metadata');
const { Module } = require('@nestjs/common');
const { BenchConstantController } = require('./lib/constant-route');
const { createHttpApp } = require(path.join(DIST, 'bootstrap'));
const { createRootLogger } = require(path.join(DIST, 'infra', 'logging', 'http-logger'));
const { tuneHeapFor } = require(path.join(DIST, 'infra', 'lifecycle', 'heap-tuning'));

class BenchConstantModule {}
Module({ controllers: [BenchConstantController] })(BenchConstantModule);

async function main() {
  // The heap settings main.ts gives an api process.
  tuneHeapFor('api');
  const logger = createRootLogger('warn');
  const app = await createHttpApp({ role: 'api', logger, extraImports: [BenchConstantModule] });
  await app.listen(0, '127.0.0.1');
  process.send({ port: app.getHttpServer().address().port });
  let closing = false;
  process.on('SIGTERM', () => {
    if (closing) return;
    closing = true;
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
