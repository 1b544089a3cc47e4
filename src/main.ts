import 'reflect-metadata';
import type { Server } from 'node:http';
import { INestApplicationContext } from '@nestjs/common';
import { createHttpApp, createWorkerContext } from './bootstrap';
import { loadEnv } from '@config/load-env';
import { runMigrations } from '@infra/database/run-migrations';
import { connectGrpcServer } from '@infra/grpc/grpc-server';
import { createRootLogger } from '@infra/logging/http-logger';

async function main(): Promise<void> {
  let env;
  try {
    env = loadEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const logger = createRootLogger(env.LOG_LEVEL);

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

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'Shutting down: no new connections; finishing in-flight work');
    const force = setTimeout(() => {
      logger.error('Shutdown took too long; exiting');
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    try {
      // Stop accepting first and let in-flight requests finish; then workers, queues and pools close.
      if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.close();
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
