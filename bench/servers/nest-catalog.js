'use strict';
/**
 * Ceiling "a constant Nest route answering the same bytes with the same headers"
 * (storefront-catalog-throughput): the service's own HTTP app, built by the function main.ts uses
 * (createHttpApp, role api, pino at warn, the service's environment), with one extra route,
 * `GET /bench/catalog`, answering the catalog page the service answered (the first argument, a JSON
 * file `{ body, headers }`: its JSON text, `Content-Type`, `ETag`, `Cache-Control`) and doing
 * nothing else. Everything a request meets before a handler is there (request id, global guards
 * with the default rate-limit group: one Redis call, as the catalog's `storefront` group).
 *
 * PORT is ignored: it listens on a free port and reports it over IPC.
 */
const fs = require('node:fs');
const path = require('node:path');

const DIST = path.resolve(__dirname, '..', '..', 'dist', 'src');
require('reflect-metadata');
const { Controller, Get, Module, Res } = require('@nestjs/common');
const { createHttpApp } = require(path.join(DIST, 'bootstrap'));
const { createRootLogger } = require(path.join(DIST, 'infra', 'logging', 'http-logger'));
const { tuneHeapFor } = require(path.join(DIST, 'infra', 'lifecycle', 'heap-tuning'));

const file = process.argv[2];
if (!file) throw new Error('usage: node bench/servers/nest-catalog.js <answer.json>');
const { body, headers } = JSON.parse(fs.readFileSync(file, 'utf8'));

// Decorators applied by hand: this file is plain JavaScript.
class BenchCatalogController {
  catalog(res) {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    return body;
  }
}
const descriptor = Object.getOwnPropertyDescriptor(BenchCatalogController.prototype, 'catalog');
Get('catalog')(BenchCatalogController.prototype, 'catalog', descriptor);
Res({ passthrough: true })(BenchCatalogController.prototype, 'catalog', 0);
Controller('bench')(BenchCatalogController);

class BenchCatalogModule {}
Module({ controllers: [BenchCatalogController] })(BenchCatalogModule);

async function main() {
  tuneHeapFor('api');
  const logger = createRootLogger('warn');
  const app = await createHttpApp({ role: 'api', logger, extraImports: [BenchCatalogModule] });
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
