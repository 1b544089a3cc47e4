import 'reflect-metadata';
import type { Server } from 'node:http';
import { INestApplicationContext } from '@nestjs/common';
import { createHttpApp, createWorkerContext } from './bootstrap';
import { loadEnv } from '@config/load-env';
import { resolveEnvironment } from '@config/resolve-environment';
import { runMigrations } from '@infra/database/run-migrations';
import { connectGrpcServer } from '@infra/grpc/grpc-server';
import { closeHttpServer } from '@infra/lifecycle/close-http-server';
import { tuneHeapFor } from '@infra/lifecycle/heap-tuning';
import { ShutdownState } from '@infra/lifecycle/shutdown-state';
import { createRootLogger } from '@infra/logging/http-logger';
import type { EnvironmentVariables } from '@config/env.validation';
import type { Logger } from 'pino';

async function main(): Promise<void> {
  let env;
  try {
    env = loadEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const logger = createRootLogger(env.LOG_LEVEL, { pretty: env.NODE_ENV === 'development' });
  // The embedded PostgreSQL (zero-setup mode) outlives the app: stopped after app.close().
  const resolved = await resolveEnvironment(env, logger);
  env = resolved.env;
  try {
    await serve(env, logger, resolved.release);
  } catch (error) {
    await resolved.release().catch(() => undefined);
    throw error;
  }
}

async function serve(env: EnvironmentVariables, logger: Logger, release: () => Promise<void>): Promise<void> {
  tuneHeapFor(env.APP_ROLE);
  if (env.MIGRATIONS_RUN) {
    const applied = await runMigrations(env.DATABASE_URL, (message) => logger.info(message));
    logger.info({ applied: applied.length }, 'Database schema is up to date');
  }

  let app: INestApplicationContext;
  let server: Server | undefined;
  if (env.APP_ROLE === 'worker') {
    app = await createWorkerContext({ role: 'worker', logger });
    await app.init();
    logger.info('Worker started');
  } else {
    const http = await createHttpApp({ role: env.APP_ROLE, logger });
    // The internal identity service shares the process (and providers) of the HTTP API.
    connectGrpcServer(http, env.GRPC_URL);
    await http.startAllMicroservices();
    logger.info({ grpc: env.GRPC_URL }, 'gRPC identity service listening');
    await http.listen(env.PORT, '0.0.0.0');
    server = http.getHttpServer();
    app = http;
    logger.info({ port: env.PORT, role: env.APP_ROLE, docs: `${env.APP_URL}/api/docs` }, 'Storefront API listening');
  }

  const state = app.get(ShutdownState);
  const shutdown = async (signal: string) => {
    if (state.draining) return;
    // Readiness says 503 at once, but requests are still served for SHUTDOWN_DRAIN_MS: load
    // balancers need that long to stop sending here.
    state.beginDraining();
    if (server && env.SHUTDOWN_DRAIN_MS > 0) {
      logger.info(
        { signal, drainMs: env.SHUTDOWN_DRAIN_MS },
        'Shutting down: readiness is 503; still serving while load balancers stop sending',
      );
      await new Promise((resolve) => setTimeout(resolve, env.SHUTDOWN_DRAIN_MS));
    }
    logger.info({ signal }, 'Shutting down: no new connections; finishing in-flight work');
    const force = setTimeout(() => {
      logger.error('Shutdown took too long; exiting');
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    try {
      // Stop accepting; responses from now on close their keep-alive connection and idle ones are
      // closed, so in-flight requests finish and no client holds the process open. Then workers
      // finish their jobs, and queues and pools close.
      state.beginClosing();
      if (server) await closeHttpServer(server);
      await app.close();
      await release();
      logger.info('Shut down cleanly');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'Error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
