import 'reflect-metadata';
import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger as PinoNestLogger } from 'nestjs-pino';
import type { Logger } from 'pino';
import { AppModule, AppModuleOptions } from '@app/app.module';
import { answerClientErrorsWithJson } from '@common/http/client-errors';
import { configureHttpApp, httpSecurityHeaders } from './configure-http-app';
import { ExpressAppAdapter } from '@common/http/express-app.adapter';
import { createRequestLogging } from '@infra/logging/http-logger';
import { useSocketIo } from '@infra/realtime/socket-io.adapter';

/*
 * Start-up: what the entry points (src/*.ts) do before and around the Nest container, and nothing
 * else imports (dependency-cruiser: bootstrap-only-from-entry-points). Resolving the environment
 * (the zero-setup step: embedded PostgreSQL, generated APP_KEY), building the HTTP app or the
 * worker context, and the HTTP surface that is not a route (configure-http-app.ts).
 */
export { type ResolvedEnvironment, resolveEnvironment } from './resolve-environment';

/** Builds the HTTP application exactly as production serves it (also used by tests and the benchmark). */
export async function createHttpApp(options: AppModuleOptions & { logger: Logger }): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(options), new ExpressAppAdapter(), {
    bodyParser: false,
    bufferLogs: true,
    abortOnError: false,
  });
  app.useLogger(app.get(PinoNestLogger));
  configureHttpApp(app, createRequestLogging(options.logger));
  answerClientErrorsWithJson(app.getHttpServer(), httpSecurityHeaders(app));
  // Socket.IO shares the HTTP server; only roles that serve HTTP load a gateway (AppModule).
  useSocketIo(app);
  return app;
}

/** A process without HTTP: workers only, or the CLI. */
export async function createWorkerContext(options: AppModuleOptions): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(AppModule.register(options), { bufferLogs: true, abortOnError: false });
  app.useLogger(app.get(PinoNestLogger));
  return app;
}
