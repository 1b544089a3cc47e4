'use strict';
/**
 * Ceiling "the same bytes served as a static file by the same app" (storefront-page): the
 * service's own HTTP app, built by the function main.ts uses (createHttpApp, role api, pino at
 * warn, the service's environment), with one extra module that serves a folder with Express's
 * static middleware under `/bench-static/` (a stat and a read of the file per request, ETag and
 * Last-Modified as Express sets them). The folder is the first argument.
 *
 * PORT is ignored: it listens on a free port and reports it over IPC.
 */
const path = require('node:path');

const DIST = path.resolve(__dirname, '..', '..', 'dist', 'src');
require('reflect-metadata');
const express = require('express');
const { Module } = require('@nestjs/common');
const { createHttpApp } = require(path.join(DIST, 'bootstrap'));
const { createRootLogger } = require(path.join(DIST, 'infra', 'logging', 'http-logger'));
const { tuneHeapFor } = require(path.join(DIST, 'infra', 'lifecycle', 'heap-tuning'));

const folder = process.argv[2];
if (!folder) throw new Error('usage: node bench/servers/nest-static.js <folder>');

class BenchStaticModule {
  configure(consumer) {
    consumer.apply(express.static(folder)).forRoutes('bench-static');
  }
}
Module({})(BenchStaticModule);

async function main() {
  tuneHeapFor('api');
  const logger = createRootLogger('warn');
  const app = await createHttpApp({ role: 'api', logger, extraImports: [BenchStaticModule] });
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
