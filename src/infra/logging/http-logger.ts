import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pino, { Logger } from 'pino';
import pinoHttp, { HttpLogger } from 'pino-http';

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
 * One JSON line per request carrying `req.id`, which is also the `X-Request-Id` response header, so
 * a client quoting the header finds the log line (and the error logged for a 500).
 */
export function createHttpLogger(logger: Logger): HttpLogger {
  return pinoHttp({
    logger,
    genReqId(req: IncomingMessage, res: ServerResponse) {
      const incoming = req.headers['x-request-id'];
      const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    autoLogging: { ignore: (req) => QUIET_PATHS.has((req.url ?? '').split('?')[0]) },
    customLogLevel(_req, res, err) {
      if (err || res.statusCode >= 500) return 'error';
      return 'info';
    },
    serializers: {
      req: (req) => ({ id: req.id, method: req.method, url: req.url, remoteAddress: req.remoteAddress }),
      res: (res) => ({ statusCode: res.statusCode }),
    },
  });
}
