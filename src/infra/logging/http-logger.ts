import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { storage, Store } from 'nestjs-pino/storage';
import pino, { Logger } from 'pino';
import pinoHttp, { HttpLogger } from 'pino-http';
import { loggableUrl } from '@common/http/loggable-url';
import { isCountedUnavailableAnswer } from './unavailable-answers-log';

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;
const QUIET_PATHS = new Set(['/health/live', '/health/ready']);

/** Nest's start-up chatter (every module loaded, every route mapped): worth a line only when debugging. */
const START_UP_CONTEXTS = new Set([
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestFactory',
  'NestApplication',
  'NestMicroservice',
]);

export interface RootLoggerOptions {
  /** Human-readable lines (pino-pretty) instead of JSON: development (decisions §19). */
  pretty?: boolean;
  /** Where lines go; stdout by default. */
  destination?: pino.DestinationStream;
}

/**
 * The process's logger: JSON lines (production, and anything that reads logs), or readable lines
 * for a person at a terminal when `pretty` (pino-pretty, a development dependency: where it is not
 * installed, as in the production image, JSON stays). Nest's start-up lines are logged at debug.
 */
export function createRootLogger(level: string, options: RootLoggerOptions = {}): Logger {
  const destination = (options.pretty ? prettyStream(options.destination) : undefined) ?? options.destination;
  return pino(
    {
      level,
      base: { service: 'storefront' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-signature"]'], remove: true },
      hooks: {
        logMethod(args, method, levelValue) {
          const [first] = args as unknown[];
          const context = first !== null && typeof first === 'object' ? (first as { context?: unknown }).context : undefined;
          if (levelValue === pino.levels.values.info && typeof context === 'string' && START_UP_CONTEXTS.has(context)) {
            return this.debug(...args);
          }
          return method.apply(this, args);
        },
      },
    },
    destination,
  );
}

function prettyStream(destination: pino.DestinationStream | undefined): pino.DestinationStream | undefined {
  let pretty: (options: object) => pino.DestinationStream;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    pretty = require('pino-pretty') as typeof pretty;
  } catch {
    return undefined;
  }
  return pretty({
    destination: destination ?? 1,
    colorize: destination === undefined && Boolean(process.stdout.isTTY),
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,service',
    sync: true,
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
 * A request line's `url` is the path with only whitelisted query parameters (`loggableUrl`): a
 * signed download link's `expires` and `signature`, or any token or code in a query, never reach it.
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
      // The path and whitelisted query parameters only: never a signed link's query, a token or a code (decisions §15).
      req: (req) => ({ id: req.id, method: req.method, url: loggableUrl(req.url), remoteAddress: req.remoteAddress }),
      res: (res) => ({ statusCode: res.statusCode }),
    },
  });
}
