import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { isAddressInList, parseAddressList } from '@config/address-list';
import { Env } from '@config/env.schema';
import { ScrapeMetrics } from './scrape-metrics';

const METRICS_PATH = '/metrics';
/** Requests that matched no route (unknown paths, bodies refused before routing) share one label. */
const UNMATCHED_ROUTE = 'unmatched';

/**
 * GET /metrics in Prometheus text (decisions §11). With METRICS_ENABLED off nothing is installed:
 * no route, no middleware, so /metrics is the 404 of any unknown path and requests cost what they
 * did without metrics. On, each request costs one histogram observation, labelled by the route
 * template, never the raw URL, so the number of series stays bounded.
 */
@Injectable()
export class MetricsService implements OnApplicationShutdown {
  private registry: Registry | undefined;

  constructor(
    private readonly config: ConfigService<Env, true>,
    private readonly scrape: ScrapeMetrics,
  ) {}

  /**
   * The Express middlewares of the HTTP app, to install before everything else: the /metrics
   * endpoint (served ahead of guards, so never rate limited or logged, like the probes), then the
   * request timer. None when metrics are off.
   */
  httpMiddlewares(): RequestHandler[] {
    if (!this.config.get('METRICS_ENABLED', { infer: true })) return [];
    const registry = new Registry();
    this.registry = registry;
    collectDefaultMetrics({ register: registry });
    this.scrape.register(registry);
    const duration = new Histogram({
      name: 'storefront_http_request_duration_seconds',
      help: 'HTTP requests by method, route template and status code, from arrival to the last byte written',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    const { list: allowed } = parseAddressList(this.config.get('METRICS_ALLOW', { infer: true }));

    const respond = async (res: Response) => {
      await this.scrape.collect();
      const text = await registry.metrics();
      res.setHeader('Content-Type', registry.contentType);
      res.setHeader('Cache-Control', 'no-store');
      res.end(text);
    };
    // A client outside METRICS_ALLOW falls through to the 404 of an unknown path: the endpoint does
    // not reveal that it exists. req.ip is the client as TRUST_PROXY defines it.
    function serveMetrics(req: Request, res: Response, next: NextFunction): void {
      if (req.path !== METRICS_PATH || (req.method !== 'GET' && req.method !== 'HEAD') || !isAddressInList(allowed, req.ip)) {
        return next();
      }
      respond(res).catch(next);
    }
    function timeRequest(req: Request, res: Response, next: NextFunction): void {
      const observe = duration.startTimer();
      res.once('finish', () => {
        observe({ method: req.method, route: routeTemplate(req), status_code: res.statusCode });
      });
      next();
    }
    return [serveMetrics, timeRequest];
  }

  onApplicationShutdown(): void {
    this.registry?.clear();
  }
}

/**
 * Express leaves the last route it matched on the request; its path is the template
 * (`/api/v1/orders/:order`). Nest mounts each controller handler as a route of one method, and
 * middlewares (the request logger's `/{*path}`) as routes of every method: a request whose last
 * matched route is one of those matched no controller.
 */
function routeTemplate(req: Request): string {
  const route = req.route as { path?: unknown; methods?: Record<string, boolean> } | undefined;
  if (typeof route?.path !== 'string' || Object.keys(route.methods ?? {}).length !== 1) return UNMATCHED_ROUTE;
  return `${req.baseUrl}${route.path}`;
}
