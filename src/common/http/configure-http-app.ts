import { ValidationPipe } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import express, { NextFunction, Request, RequestHandler, Response } from 'express';
import { Env, parseTrustProxy } from '@config/env.validation';
import { cancelQueriesOnDisconnect } from '@infra/database/query-cancellation';
import { ShutdownState } from '@infra/lifecycle/shutdown-state';
import { MetricsService } from '@infra/metrics/metrics.service';
import { toErrorResponse } from '@common/errors/error-response';
import { validationExceptionFactory } from '@common/errors/validation-exception.factory';
import { refuseHostileJsonBodies } from './hostile-json';

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

  // Once the listener is closing (SIGTERM, after the drain), every response asks the client to drop
  // its keep-alive connection, so no client keeps a dying process busy.
  const shutdown = app.get(ShutdownState);
  app.use((_req: Request, res: Response, next: NextFunction) => {
    if (shutdown.closing) res.setHeader('Connection', 'close');
    next();
  });
  // The logger comes first so that even a request rejected by the body parser has an id.
  app.use(requestLogging);
  // A read whose client hangs up has its running statements cancelled.
  app.use(cancelQueriesOnDisconnect);
  // Webhooks are verified over their exact bytes and may carry a body that is not valid JSON (which
  // the webhook answers itself, after checking the signature), so they get the raw body.
  app.use('/api/webhooks', express.raw({ type: () => true, limit: BODY_LIMIT }));
  // The conversion beacon never fails its caller: its body is read as text, whatever it claims to be.
  app.use('/api/v1/analytics/conversion', express.text({ type: () => true, limit: BODY_LIMIT }));
  app.use(
    express.json({
      limit: BODY_LIMIT,
      type: ['application/json', 'application/*+json'],
      verify: (req, _res, buffer) => {
        (req as Request).rawBody = buffer;
      },
    }),
  );
  // Too deep or holding a NUL: refused before class-transformer and the validator recurse into it.
  app.use(refuseHostileJsonBodies);
  app.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    const { status, body } = toErrorResponse(error);
    res.status(status).json(body);
  });

  app.useGlobalPipes(
    new ValidationPipe({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      transformOptions: { enableImplicitConversion: false },
      exceptionFactory: validationExceptionFactory,
      stopAtFirstError: false,
    }),
  );

  if (config.get('API_DOCS_ENABLED', { infer: true })) {
    const document = SwaggerModule.createDocument(
      app,
      new DocumentBuilder()
        .setTitle('Storefront Platform API')
        .setDescription('Public storefront, merchant and internal endpoints. See docs/ in the repository.')
        .setVersion('1')
        .addBearerAuth()
        .build(),
    );
    SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });
  }
}
