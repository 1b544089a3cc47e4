import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { ModuleMetadata } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import pino from 'pino';
import { DataSource } from 'typeorm';
import { createHttpApp } from '@app/bootstrap';
import { connectGrpcServer } from '@infra/grpc/grpc-server';
import { closeHttpServer } from '@infra/lifecycle/close-http-server';
import { ShutdownState } from '@infra/lifecycle/shutdown-state';
import type { ProcessRole } from '@app/app.module';
import { buildApiDocument } from '@common/http/openapi-document';
import { contractMode, contractRequest, fetchApiDocument, type HttpClient } from './api-contract/contract-request';
import { contractDocumentOf, type ContractDocument } from './api-contract/openapi-document';
import { useStarted } from './lifecycle';
import { TEST_ENV } from './test-env';

export interface TestApp {
  app: NestExpressApplication;
  /** http://127.0.0.1:<port> of a real listening server: parallel requests are really parallel. */
  baseUrl: string;
  /**
   * supertest on baseUrl; every response is checked against the API document the app serves
   * (test/support/api-contract, API_CONTRACT: docs/testing.md "Response validation").
   */
  http: () => HttpClient;
  /** 127.0.0.1:<port> of the gRPC server, when started with `grpc: true`. */
  grpcUrl?: string;
  /** JSON log lines the app wrote, for asserting on structured logs. */
  logs: Array<Record<string, unknown>>;
  /** The app's own database connection. */
  db: DataSource;
  /** A provider of the running app: by class (typed) or by injection token. */
  get<T>(token: (abstract new (...args: never[]) => T) | string | symbol): T;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  role?: ProcessRole;
  imports?: ModuleMetadata['imports'];
  logLevel?: string;
  /** The HTTP port (default: any free one); with APP_URL pointing at it, the app's own links reach it. */
  port?: number;
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
  let created: NestExpressApplication | undefined;
  try {
    created = await createHttpApp({ role: options.role ?? 'all', logger, extraImports: options.imports });
    if (grpcUrl) {
      connectGrpcServer(created, grpcUrl);
      await created.startAllMicroservices();
    }
    trackRequestsInFlight(created);
    await created.listen(options.port ?? 0, '127.0.0.1');
  } catch (error) {
    // An app that failed to start leaves nothing running: its workers would take other files' jobs.
    await created?.close().catch(() => undefined);
    throw error;
  } finally {
    process.env = previous;
  }
  const app = created;
  const { port } = app.getHttpServer().address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  // Fetched now, so that its request comes before the test's own (in logs and metrics).
  const document = contractMode() === 'off' ? undefined : await apiDocumentOf(app, baseUrl);
  return {
    app,
    baseUrl,
    http: () => contractRequest(baseUrl, { document }),
    grpcUrl,
    logs,
    db: app.get(DataSource),
    get: <T>(token: (abstract new (...args: never[]) => T) | string | symbol) => app.get<T>(token),
    close: () => closeTestApp(app),
  };
}

/** How long a closing test app waits for the requests in flight before it cuts their connections. */
const IN_FLIGHT_WAIT_MS = 10_000;

/** "GET /path" of each request a test app is still answering (for closeTestApp's message). */
const inFlightOf = new WeakMap<NestExpressApplication, Set<string>>();

function trackRequestsInFlight(app: NestExpressApplication): void {
  const inFlight = new Set<string>();
  inFlightOf.set(app, inFlight);
  app.getHttpServer().on('request', (request: IncomingMessage, response: ServerResponse) => {
    const name = `${request.method} ${request.url}`;
    inFlight.add(name);
    response.once('close', () => inFlight.delete(name));
  });
}

/**
 * Closes as the service's own shutdown does (src/main.ts): the listener and the idle connections
 * first, the requests in flight finished, and only then the modules (pools, queues, Redis). Closing
 * the modules first left a request still being served (a browser's, say) waiting on a pool that no
 * longer answers, and the close waited for it past the hook's timeout. A request still running
 * after IN_FLIGHT_WAIT_MS is named on stderr and its connection cut.
 */
async function closeTestApp(app: NestExpressApplication): Promise<void> {
  app.get(ShutdownState).beginClosing();
  const server = app.getHttpServer();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      const inFlight = [...(inFlightOf.get(app) ?? [])];
      process.stderr.write(
        `Test app: still answering ${IN_FLIGHT_WAIT_MS} ms after its close began: ${inFlight.join(', ') || '(none seen)'}\n`,
      );
      server.closeAllConnections();
      resolve();
    }, IN_FLIGHT_WAIT_MS);
  });
  try {
    await Promise.race([closeHttpServer(server), late]);
  } finally {
    clearTimeout(timer);
  }
  await app.close();
}

/**
 * The app of a describe block: started in its beforeAll, closed in its afterAll. `options` may be a
 * function, called at start, for values that exist only then (the URL of a fake server).
 */
export function useTestApp(options: TestAppOptions | (() => TestAppOptions) = {}): TestApp {
  return useStarted(
    () => createTestApp(typeof options === 'function' ? options() : options),
    (app) => app.close(),
  );
}

/** An app for one test only (other limits, other settings): started, used, and closed even when the test fails. */
export async function withTestApp<T>(options: TestAppOptions, use: (app: TestApp) => Promise<T>): Promise<T> {
  const app = await createTestApp(options);
  try {
    return await use(app);
  } finally {
    await app.close();
  }
}

/**
 * The document the app serves at /api/docs-json, fetched now. An app that serves none (production
 * without API_DOCS=true) is checked against the document built from its own routes, as the served
 * one is, built on its first checked response (an app that answers no request costs nothing). A
 * fetch that fails otherwise is reported by each check of the app's responses.
 */
async function apiDocumentOf(app: NestExpressApplication, baseUrl: string): Promise<() => Promise<ContractDocument>> {
  let document: Promise<ContractDocument>;
  try {
    document = Promise.resolve(await fetchApiDocument(baseUrl));
  } catch (error) {
    if (!/answered 404$/.test(error instanceof Error ? error.message : '')) {
      document = Promise.reject(error);
      document.catch(() => undefined);
      return () => document;
    }
    let built: Promise<ContractDocument> | undefined;
    return () => (built ??= Promise.resolve().then(() => contractDocumentOf(JSON.stringify(buildApiDocument(app)))));
  }
  return () => document;
}

/**
 * A loopback port free at the time of asking (gRPC's bind does not report an ephemeral port back),
 * from this worker's own range (TEST_WORKER_PORTS, test/support/test-workers.js): a port asked for
 * here and bound a moment later cannot be taken meanwhile by a test of another worker.
 */
export async function freePort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.TEST_WORKER_PORTS ?? '');
  if (!range) return bindable(0);
  const [from, to] = [Number(range[1]), Number(range[2])];
  for (let tries = 0; tries <= to - from; tries += 1) {
    nextPort = nextPort === undefined || nextPort >= to ? from + Math.floor(Math.random() * (to - from)) : nextPort + 1;
    const port = await bindable(nextPort).catch(() => undefined);
    if (port !== undefined) return port;
  }
  throw new Error(`No free port in ${from}-${to}`);
}

let nextPort: number | undefined;

function bindable(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address() as AddressInfo;
      server.close(() => resolve(bound));
    });
  });
}
