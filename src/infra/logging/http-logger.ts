import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { storage, Store } from 'nestjs-pino/storage';
import pino, { Logger } from 'pino';
import pinoHttp, { HttpLogger } from 'pino-http';
import { isCountedUnavailableAnswer } from './unavailable-answers-log';

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;
const QUIET_PATHS = new Set(['/health/live', '/health/ready']);

export function createRootLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'storefront' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-signature"]'], remove: true },
  });
}

/**
 * Every request gets an id (a well-formed incoming `X-Request-Id`, else a new UUID), returned as the
 * `X-Request-Id` header and carried by every log line about the request, so a client quoting the
 * header finds the log line (and the error logged for a 500). When request lines are logged at all
 * (level info or lower), pino-http writes one JSON line per request; otherwise, and for the probes,
 * only the id is assigned: building a per-request child logger that would never write costs about a
 * tenth of a cheap request.
 *
 * When a request line is logged, the rest of the request runs with pino-http's child logger bound
 * for Nest's `Logger` (what nestjs-pino's own middleware would do), so an error logged through it
 * carries the request. Where no child logger exists that binding would fall back to the root logger
 * anyway, so it is skipped: nestjs-pino's middleware is not mounted (AppModule, `forRoutes: []`).
 */
export function createRequestLogging(logger: Logger): RequestHandler {
  const http = createHttpLogger(logger);
  const logsRequests = logger.isLevelEnabled('info');
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    (req as IncomingMessage & { id: string }).id = id;
    res.setHeader('X-Request-Id', id);
    if (!logsRequests || QUIET_PATHS.has(req.path)) return next();
    http(req, res);
    storage.run(new Store(req.log), next);
  };
}

function createHttpLogger(logger: Logger): HttpLogger {
  return pinoHttp({
    logger,
    genReqId: (req: IncomingMessage) => (req as IncomingMessage & { id: string }).id,
    customLogLevel(_req, res, err) {
      // A 503 of a known outage is counted in UnavailableAnswersLog's line, without a stack.
      if (isCountedUnavailableAnswer(res)) return 'silent';
      if (err || res.statusCode >= 500) return 'error';
      return 'info';
    },
    serializers: {
      req: (req) => ({ id: req.id, method: req.method, url: req.url, remoteAddress: req.remoteAddress }),
      res: (res) => ({ statusCode: res.statusCode }),
    },
  });
}
