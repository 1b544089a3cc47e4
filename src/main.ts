import 'reflect-metadata';
import type { Server } from 'node:http';
import { INestApplicationContext } from '@nestjs/common';
import { createHttpApp, createWorkerContext, ResolvedEnvironment, resolveEnvironment } from './bootstrap';
import { loadEnv } from '@config/load-env';
import { probeDatabase } from '@infra/database/ensure-database';
import { runMigrations } from '@infra/database/run-migrations';
import { connectGrpcServer } from '@infra/grpc/grpc-server';
import { closeHttpServer } from '@infra/lifecycle/close-http-server';
import { recordInstance } from '@infra/lifecycle/instance-file';
import { describeRedisFailure, describeStartupFailure, StartupRefusal, waitForFreePort } from '@infra/lifecycle/startup-failure';
import { probeRedis } from '@infra/redis/redis-connection';
import { tuneHeapFor } from '@infra/lifecycle/heap-tuning';
import { ShutdownState } from '@infra/lifecycle/shutdown-state';
import { createRootLogger } from '@infra/logging/http-logger';
import type { EnvironmentVariables } from '@config/env.schema';
import type { Logger } from 'pino';

const PORT_WAIT_MS = 5_000;
/** Start-up waits this long for PostgreSQL's first answer, longer than a request would. */
const STARTUP_CONNECT_TIMEOUT_MS = 5_000;

async function main(): Promise<void> {
  let env;
  try {
    env = loadEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const logger = createRootLogger(env.LOG_LEVEL, { pretty: env.NODE_ENV === 'development' });
  const settings = env;
  try {
    await ensurePortsFree(env);
    if (env.REDIS_URL) await checkRedis(env.REDIS_URL, logger);
    // The embedded PostgreSQL (zero-setup mode) outlives the app: stopped after app.close().
    const resolved = await resolveEnvironment(env, logger);
    env = resolved.env;
    try {
      await serve(env, logger, resolved);
    } catch (error) {
      await resolved.release().catch(() => undefined);
      throw error;
    }
  } catch (error) {
    // A setting that stops start-up is said in one line, naming it (decisions §19); the stack only at debug.
    const line =
      error instanceof StartupRefusal
        ? error.message
        : describeStartupFailure(error, { ...settings, DATABASE_URL: env.DATABASE_URL ?? settings.DATABASE_URL });
    if (line === null) throw error;
    console.error(line);
    if (env.LOG_LEVEL === 'debug' || env.LOG_LEVEL === 'trace') console.error(error);
    process.exit(1);
  }
}

/** A REDIS_URL that cannot work stops start-up in one line; one that does not answer yet is a warning. */
async function checkRedis(url: string, logger: Logger): Promise<void> {
  try {
    await probeRedis(url, STARTUP_CONNECT_TIMEOUT_MS);
  } catch (error) {
    const { line, fatal } = describeRedisFailure(error, url);
    if (fatal) throw new StartupRefusal(line);
    logger.warn(line);
  }
}

/**
 * The HTTP and gRPC ports must be free before anything starts. Outside production a process
 * started while the previous one still closes them (watch mode) waits up to 5 s for them.
 */
async function ensurePortsFree(env: EnvironmentVariables): Promise<void> {
  if (env.APP_ROLE === 'worker') return;
  const waitMs = env.NODE_ENV === 'production' ? 0 : PORT_WAIT_MS;
  const grpcPort = Number(env.GRPC_URL.split(':').pop());
  const grpcHost = env.GRPC_URL.slice(0, env.GRPC_URL.lastIndexOf(':')).replace(/^\[|\]$/g, '');
  if (!(await waitForFreePort('0.0.0.0', env.PORT, waitMs))) {
    throw Object.assign(new Error(`listen EADDRINUSE 0.0.0.0:${env.PORT}`), { code: 'EADDRINUSE', address: '0.0.0.0', port: env.PORT });
  }
  if (!(await waitForFreePort(grpcHost, grpcPort, waitMs))) {
    throw Object.assign(new Error(`grpc EADDRINUSE ${env.GRPC_URL}`), { code: 'EADDRINUSE', port: grpcPort });
  }
}

async function serve(env: EnvironmentVariables, logger: Logger, { release, releaseNow }: ResolvedEnvironment): Promise<void> {
  tuneHeapFor(env.APP_ROLE);
  if (env.MIGRATIONS_RUN) {
    const applied = await runMigrations(env.DATABASE_URL, (message) => logger.info(message));
    logger.info({ applied: applied.length }, 'Database schema is up to date');
  } else {
    await probeDatabase(env.DATABASE_URL, Math.max(env.DATABASE_CONNECT_TIMEOUT_MS, STARTUP_CONNECT_TIMEOUT_MS));
  }

  let app: INestApplicationContext;
  let server: Server | undefined;
  if (env.APP_ROLE === 'worker') {
    app = await createWorkerContext({ role: 'worker', logger });
    await app.init();
  } else {
    const http = await createHttpApp({ role: env.APP_ROLE, logger });
    // The internal identity service shares the process (and providers) of the HTTP API.
    connectGrpcServer(http, env.GRPC_URL);
    await http.startAllMicroservices();
    logger.info({ grpc: env.GRPC_URL }, 'gRPC identity service listening');
    await http.listen(env.PORT, '0.0.0.0');
    server = http.getHttpServer();
    app = http;
    recordInstance(env.DATA_DIR, { port: env.PORT, grpcPort: Number(env.GRPC_URL.split(':').pop()) });
  }

  const state = app.get(ShutdownState);
  const shutdown = async (signal: NodeJS.Signals) => {
    if (state.draining) {
      // Outside production a second Ctrl-C (or SIGTERM) while shutting down exits now, the embedded
      // PostgreSQL told to shut down immediately rather than left running (decisions §19).
      if (env.NODE_ENV === 'production') return;
      logger.warn({ signal }, 'Second signal while shutting down: exiting now');
      releaseNow();
      process.exit(signal === 'SIGINT' ? 130 : 143);
    }
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
  // Said only once a signal is handled: a supervisor (or a test) that signals on reading the line
  // must find the handler there, not Node's default action (an exit by the signal, no clean shutdown).
  if (server) logger.info({ port: env.PORT, role: env.APP_ROLE, docs: `${env.APP_URL}/api/docs` }, 'Storefront API listening');
  else logger.info('Worker started');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
