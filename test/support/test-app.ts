import { createServer, type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { ModuleMetadata } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import pino from 'pino';
import request from 'supertest';
import { createHttpApp } from '@app/bootstrap';
import { connectGrpcServer } from '@infra/grpc/grpc-server';
import type { ProcessRole } from '@app/app.module';
import { TEST_ENV } from './test-env';

export interface TestApp {
  app: NestExpressApplication;
  /** http://127.0.0.1:<port> of a real listening server: parallel requests are really parallel. */
  baseUrl: string;
  http: () => ReturnType<typeof request>;
  /** 127.0.0.1:<port> of the gRPC server, when started with `grpc: true`. */
  grpcUrl?: string;
  /** JSON log lines the app wrote, for asserting on structured logs. */
  logs: Array<Record<string, unknown>>;
  /** A provider of the running app: by class (typed) or by injection token. */
  get<T>(token: (abstract new (...args: never[]) => T) | string | symbol): T;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  role?: ProcessRole;
  imports?: ModuleMetadata['imports'];
  logLevel?: string;
  /** Also serve the internal gRPC identity service (as roles all/api do) on a free loopback port. */
  grpc?: boolean;
}

/**
 * Starts the real application (same bootstrap as production) on an ephemeral loopback port.
 * `env` overrides TEST_ENV for this app only; the process environment is restored afterwards.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const env = { ...TEST_ENV, ...(options.env ?? {}) };
  const previous = { ...process.env };
  Object.assign(process.env, env);
  const logs: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line.trim()) logs.push(JSON.parse(line));
      done();
    },
  });
  const logger = pino({ level: options.logLevel ?? 'error' }, sink);
  const grpcUrl = options.grpc ? `127.0.0.1:${await freePort()}` : undefined;
  let app: NestExpressApplication;
  try {
    app = await createHttpApp({ role: options.role ?? 'all', logger, extraImports: options.imports });
    if (grpcUrl) {
      connectGrpcServer(app, grpcUrl);
      await app.startAllMicroservices();
    }
    await app.listen(0, '127.0.0.1');
  } finally {
    process.env = previous;
  }
  const { port } = app.getHttpServer().address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    app,
    baseUrl,
    http: () => request(baseUrl),
    grpcUrl,
    logs,
    get: <T>(token: (abstract new (...args: never[]) => T) | string | symbol) => app.get<T>(token),
    close: () => app.close(),
  };
}

/** A loopback port free at the time of asking (gRPC's bind does not report an ephemeral port back). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
