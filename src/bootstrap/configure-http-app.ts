import type { ServerResponse } from 'node:http';
import { ConfigService } from '@nestjs/config';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { Express, NextFunction, Request, RequestHandler, Response } from 'express';
import { serveApiDocument } from '@common/http/openapi-document';
import { Env } from '@config/env.schema';
import { apiDocsServed, parseTrustProxy } from '@config/env.parsers';
import { cancelQueriesOnDisconnect } from '@infra/database/query-cancellation';
import { ShutdownState } from '@infra/lifecycle/shutdown-state';
import { UnavailableAnswersLog } from '@infra/logging/unavailable-answers-log';
import { MetricsService } from '@infra/metrics/metrics.service';
import { toErrorResponse } from '@common/errors/error-response';
import { answerLanguage } from '@common/i18n/api-language';
import { localizeErrorBody } from '@common/i18n/api-messages';
import { BodyValidationPipe } from '@common/http/body-validation.pipe';
import { refuseHostileJsonBodies } from '@common/http/hostile-json';
import { securityHeaders } from '@common/http/security-headers';
import { trackConnections } from '@infra/lifecycle/close-http-server';

export const BODY_LIMIT = '1mb';

/**
 * Everything about the HTTP surface that is not a route: proxy trust, request ids and logging,
 * body parsing with its limits, validation and API docs. Shared by `main.ts`, the tests and the
 * benchmark so that all three serve the same app.
 */
export function configureHttpApp(app: NestExpressApplication, requestLogging: RequestHandler): void {
  const config = app.get(ConfigService<Env, true>);
  app.set('trust proxy', parseTrustProxy(config.get('TRUST_PROXY', { infer: true })));
  app.disable('x-powered-by');
  const corsOrigins = config.get('CORS_ORIGINS', { infer: true });
  if (corsOrigins) {
    // Storefronts call the public API from the shops' own domains. Bearer tokens travel in a header,
    // never in cookies, so no credentials mode is needed.
    app.enableCors({
      origin: corsOrigins === '*' ? '*' : corsOrigins.split(',').map((origin) => origin.trim()),
      methods: ['GET', 'POST', 'PATCH', 'DELETE'],
      allowedHeaders: [
        'Authorization',
        'Content-Type',
        'Accept',
        'Idempotency-Key',
        'X-Idempotency-Key',
        'X-Tenant-ID',
        'X-Tenant-Slug',
        'X-Request-Id',
      ],
      exposedHeaders: ['X-Request-Id', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'Retry-After', 'Idempotent-Replayed', 'Location'],
      maxAge: 600,
    });
  }
  app.set('etag', false);

  // First, so that request timing covers body parsing and refusals too. Nothing when metrics are off.
  for (const middleware of app.get(MetricsService).httpMiddlewares()) app.use(middleware);

  completeEveryResponseHead(app, app.get(ShutdownState), httpSecurityHeaders(app));
  // The shutdown closes idle connections only once quiet (infra/lifecycle/close-http-server.ts).
  trackConnections(app.getHttpServer());

  // One middleware for what every request passes through, rather than a router layer each: the
  // request id and log line (first, so that even a request the body parser refuses has an id); then
  // the cancellation of a read's statements when its client hangs up.
  const withQueryCancellation = (req: Request, res: Response, next: NextFunction) => cancelQueriesOnDisconnect(req, res, next);
  app.use((req: Request, res: Response, next: NextFunction) => {
    requestLogging(req, res, req.method === 'GET' || req.method === 'HEAD' ? () => withQueryCancellation(req, res, next) : next);
  });
  app.use(parseBodies);
  const unavailableAnswers = app.get(UnavailableAnswersLog);
  app.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    const { status, body, headers, unavailable } = toErrorResponse(error);
    if (unavailable) unavailableAnswers.answered(unavailable, error, res);
    for (const [name, value] of Object.entries(headers ?? {})) res.setHeader(name, value);
    res.status(status).json(localizeErrorBody(body, answerLanguage(req.headers['accept-language'])));
  });

  app.useGlobalPipes(new BodyValidationPipe());

  const docs = {
    API_DOCS: config.get('API_DOCS', { infer: true }),
    API_DOCS_ENABLED: config.get('API_DOCS_ENABLED', { infer: true }),
    NODE_ENV: config.get('NODE_ENV', { infer: true }),
  };
  if (apiDocsServed(docs)) serveApiDocument(app);
}

/** The security headers of this app's settings, for every answer (also the parser's own, client-errors.ts). */
export function httpSecurityHeaders(app: NestExpressApplication): ReadonlyArray<readonly [string, string]> {
  const config = app.get(ConfigService<Env, true>);
  return securityHeaders({ NODE_ENV: config.get('NODE_ENV', { infer: true }), APP_URL: config.get('APP_URL', { infer: true }) });
}

/**
 * What every response head gets, whoever writes it (a route, a middleware that answers early such
 * as CORS preflights or /metrics, Nest's 404, Socket.IO's polling transport):
 *
 * - the security headers (docs/security.md, "Response headers and the HTTP edge");
 * - once the listener is closing (SIGTERM, after the drain), `Connection: close`, and Node closes
 *   the socket as soon as the response ends (docs/operations.md, "Shutdown"): those of requests that arrive on an
 *   open keep-alive connection, and those of requests that were already in flight (a body still
 *   being uploaded, a handler still waiting on PostgreSQL). A check made when a request arrives
 *   would miss the latter: answered `keep-alive`, their socket would hold the process until Node's
 *   keep-alive timeout, past SHUTDOWN_TIMEOUT_MS.
 *
 * The hook sits in `writeHead` of the app's response prototype (every response is made with it,
 * express-app.adapter.ts), which Node calls for every response head, implicit ones included: a few
 * header writes and one test of a flag a response, and no listener per request.
 */
function completeEveryResponseHead(
  app: NestExpressApplication,
  shutdown: ShutdownState,
  headers: ReadonlyArray<readonly [string, string]>,
): void {
  const instance: Express = app.getHttpAdapter().getInstance();
  const response = instance.response as ServerResponse;
  const writeHead = response.writeHead as (this: ServerResponse, ...args: unknown[]) => ServerResponse;
  response.writeHead = function writeCompleteHead(this: ServerResponse, ...args: unknown[]): ServerResponse {
    if (!this.headersSent) {
      for (const [name, value] of headers) this.setHeader(name, value);
      if (shutdown.closing) this.setHeader('Connection', 'close');
    }
    return writeHead.apply(this, args);
  };
}

// No parser inflates: a body is taken as sent, and one with a `Content-Encoding` other than
// identity answers 415 (decisions §16; compressed bodies would also be a decompression bomb's way in).
// Webhooks are verified over their exact bytes and may carry a body that is not valid JSON (which
// the webhook answers itself, after checking the signature), so they get the raw body.
const WEBHOOKS = /^\/api\/webhooks(?:[/?#]|$)/i;
const rawBody = express.raw({ type: () => true, limit: BODY_LIMIT, inflate: false });
// The conversion beacon never fails its caller: its body is read as text, whatever it claims to be.
const CONVERSION_BEACON = /^\/api\/v1\/analytics\/conversion(?:[/?#]|$)/i;
const textBody = express.text({ type: () => true, limit: BODY_LIMIT, inflate: false });
const JSON_TYPES = ['application/json', 'application/*+json'];
const jsonParser = (type: string[]) =>
  express.json({
    limit: BODY_LIMIT,
    inflate: false,
    type,
    verify: (req, _res, buffer) => {
      (req as Request).rawBody = buffer;
    },
  });
const jsonBody = jsonParser(JSON_TYPES);
// The storefront's other beacons (the analytics ones, and the hold release of docs/commerce.md):
// `navigator.sendBeacon` sends a string as text/plain,
// so there a text/plain body is JSON too, parsed, refused and validated exactly as a JSON one.
const BEACONS = /^\/api\/v1\/(?:analytics\/track|interactions|checkout\/release-inventory)(?:[/?#]|$)/i;
const beaconBody = jsonParser([...JSON_TYPES, 'text/plain']);

const UTF8_ALIAS = /charset\s*=\s*("?)utf8\1(?=\s*(?:;|$))/i;

/**
 * Body parsing in one middleware. A request without a body (no `Content-Length`, no
 * `Transfer-Encoding`: every GET the clients send) skips it whole, as each parser would after its
 * own checks. Otherwise the raw body for webhooks, text for the conversion beacon, JSON (sent as
 * JSON or, for the track, interaction and release-inventory beacons, as text/plain) for the rest, and a
 * parsed JSON body too deep or holding a NUL is refused before class-transformer and the validator
 * recurse into it.
 */
function parseBodies(req: Request, res: Response, next: NextFunction): void {
  if (req.headers['transfer-encoding'] === undefined && req.headers['content-length'] === undefined) return next();
  const contentType = req.headers['content-type'];
  // `charset=utf8` is a common spelling of UTF-8 that body-parser refuses (it wants "utf-").
  if (contentType !== undefined && UTF8_ALIAS.test(contentType))
    req.headers['content-type'] = contentType.replace(UTF8_ALIAS, 'charset=utf-8');
  const parser = WEBHOOKS.test(req.url)
    ? rawBody
    : CONVERSION_BEACON.test(req.url)
      ? textBody
      : BEACONS.test(req.url)
        ? beaconBody
        : jsonBody;
  parser(req, res, (error?: unknown) => (error ? next(error) : refuseHostileJsonBodies(req, res, next)));
}
