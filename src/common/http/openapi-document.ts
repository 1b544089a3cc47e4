import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';

type PathItem = OpenAPIObject['paths'][string];
type OperationObject = NonNullable<PathItem['get']>;
type Parameter = NonNullable<OperationObject['parameters']>[number];
type ParameterObject = Exclude<Parameter, { $ref: string }>;
/** A schema of the document (the package's type, reached through its public `OpenAPIObject`). */
export type SchemaObject = Exclude<NonNullable<NonNullable<OpenAPIObject['components']>['schemas']>[string], { $ref: string }>;
type ResponseObject = Exclude<OperationObject['responses'][string], { $ref: string }>;

/**
 * The API document (decisions §16): what `/api/docs-json` serves, `openapi.json` at the repository
 * root holds (`npm run api:generate`), the e2e suite checks every response against, and the
 * generated client is typed from.
 *
 * Controllers document what is theirs (operationId, summary, tag, parameters, success bodies and
 * the refusals of their own rules). What every route shares is added here, from what the route
 * declares, so that no route can forget it:
 * - the shared error schemas, on every error response a route lists without a body;
 * - `400`, `413`, `415` and `422` everywhere: a body is parsed and refused before routing, on any
 *   route (and 422 also answers a bad query or body);
 * - `500` everywhere: the opaque answer of an unexpected error (decisions §1), a defect when it
 *   answers a request's content (the fuzz test fails on any 5xx);
 * - `404` on a route with path parameters; `401` on a route that needs a bearer token;
 * - `429` with `Retry-After` unless the route is outside rate limiting; `503` with `Retry-After`
 *   (PostgreSQL or Redis unavailable);
 * - less what the route says it never answers (`ApiNeverAnswers`);
 * - `security: []` on every route that does not name the bearer scheme.
 */
export function buildApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Storefront Platform API')
    .setDescription(
      'Public storefront, merchant and internal endpoints. A shop is named by `X-Tenant-ID` (or `X-Tenant-Slug`) on storefront routes; merchant routes act for the signed-in user’s shop.',
    )
    .setVersion('1')
    .setLicense('MIT', 'https://opensource.org/license/mit')
    .addServer('/', 'The server that serves this document')
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        description:
          'An opaque access token (`<id>|<secret>`) from `POST /api/v1/register`, `POST /api/v1/otp/verify` (a verified one-time code) or `POST /api/v1/auth/social`; `DELETE /api/v1/auth/token` revokes it. Not a JWT: the server looks it up.',
      },
      BEARER,
    )
    .build();
  // addBearerAuth fills in the library's default `bearerFormat: 'JWT'`, which these tokens are not.
  const bearer = config.components?.securitySchemes?.[BEARER];
  if (bearer && 'bearerFormat' in bearer) delete bearer.bearerFormat;
  const document = SwaggerModule.createDocument(app, config, {
    // A route's id is its handler's name (verb-noun camelCase, `placeOrder`) unless it sets one.
    operationIdFactory: (_controller: string, method: string) => method,
  });
  return completeDocument(document);
}

const BEARER = 'bearer';

/** An operation marked so (OptionalAuth) works without a token too: `security: [{}, { bearer: [] }]`. */
export const OPTIONAL_AUTH = 'x-optional-auth';

/** `x-rate-limit: none` on an operation: the route is outside rate limiting (no 429). */
export const NO_RATE_LIMIT = 'none';

/**
 * `x-never-answers: ['422']` on an operation: shared statuses its route cannot answer, left out (a
 * body read as text and never refused; a probe that reads no dependency, or answers an outage with
 * a body of its own, which it documents: no shared 503).
 */
export const NEVER_ANSWERS = 'x-never-answers';

const errorRef = { $ref: '#/components/schemas/Error' };
const validationErrorRef = { $ref: '#/components/schemas/ValidationError' };

const SHARED_SCHEMAS = {
  Error: {
    type: 'object',
    description: 'Every error answer: a human-readable `message`; some add fields of their own.',
    required: ['message'],
    properties: { message: { type: 'string' } },
  },
  ValidationError: {
    type: 'object',
    description: 'A request the rules refuse (422): `errors` names each field with its messages.',
    required: ['message', 'errors'],
    properties: {
      message: { type: 'string' },
      errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
    },
  },
};

const retryAfter = {
  'Retry-After': { description: 'Seconds to wait before trying again', required: true, schema: { type: 'integer', minimum: 0 } },
};

/** The shared answers: `[status, description, schema, headers]`. */
const DEFAULT_DESCRIPTIONS: Record<string, string> = {
  '400': 'Malformed request (JSON that does not parse, a body where none is read)',
  '401': 'Missing, malformed, unknown, expired or revoked bearer token',
  '404': 'Not found',
  '413': 'Request body too large',
  '415': 'Unsupported media type or content encoding',
  '422': 'The request breaks a validation rule',
  '429': 'Rate limit exceeded',
  '500': 'Unexpected error: a defect, never the answer to what a request holds (`{ message: "Server Error" }`, nothing more)',
  '503': 'A dependency (PostgreSQL or Redis) is unavailable; try again later',
};

/**
 * `GET /metrics` is middleware, not a controller (infra/metrics: installed only with
 * METRICS_ENABLED, served only to METRICS_ALLOW, before any guard and rate limit), so it is
 * described here, whole.
 */
const METRICS_PATH: PathItem = {
  get: {
    operationId: 'getMetrics',
    summary: 'Prometheus metrics (METRICS_ENABLED, clients in METRICS_ALLOW only)',
    description: 'Prometheus text exposition. Off by default; when off, or to a client outside METRICS_ALLOW, the 404 of an unknown path.',
    tags: ['operations'],
    security: [],
    responses: {
      '200': { description: 'The metrics', content: { 'text/plain': { schema: { type: 'string' } } } },
      '404': { description: 'Metrics are off, or the client is not allowed', content: { 'application/json': { schema: errorRef } } },
    },
  },
};

function completeDocument(document: OpenAPIObject): OpenAPIObject {
  document.components = { ...document.components, schemas: { ...SHARED_SCHEMAS, ...document.components?.schemas } };
  for (const pathItem of Object.values(document.paths)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const) {
      const operation = pathItem[method];
      if (operation) completeOperation(operation, pathItem.parameters ?? []);
    }
  }
  document.paths['/metrics'] = METRICS_PATH;
  return document;
}

function completeOperation(operation: OperationObject, shared: Parameter[]): void {
  const parameters = [...shared, ...(operation.parameters ?? [])].filter((parameter): parameter is ParameterObject => 'in' in parameter);
  const extensions = operation as unknown as Record<string, unknown>;
  if (extensions[OPTIONAL_AUTH]) {
    operation.security = [{}, { [BEARER]: [] }];
    delete extensions[OPTIONAL_AUTH];
  }
  const never = new Set((extensions[NEVER_ANSWERS] as string[] | undefined) ?? []);
  delete extensions[NEVER_ANSWERS];
  const secured = (operation.security ?? []).some((requirement) => BEARER in requirement);
  if (!operation.security) operation.security = [];

  // A body is parsed, and refused, before any route is chosen (bootstrap/configure-http-app): a
  // malformed, oversized, encoded or hostile one gets its answer on every route, with or without a body.
  // And an unexpected error (a defect, or a fault no other status names) is the opaque 500 anywhere.
  const expected: string[] = ['400', '413', '415', '422', '500', '503'];
  if (parameters.some((parameter) => parameter.in === 'path')) expected.push('404');
  if (secured && !operation.security.some((requirement) => Object.keys(requirement).length === 0)) expected.push('401');
  if (extensions['x-rate-limit'] !== NO_RATE_LIMIT) expected.push('429');

  const responses = operation.responses as Record<string, ResponseObject | undefined>;
  for (const status of expected) if (!never.has(status)) responses[status] ??= { description: DEFAULT_DESCRIPTIONS[status] };
  for (const [status, response] of Object.entries(responses)) {
    if (!response || !/^[45]\d\d$/.test(status) || response.content) continue;
    response.content = { 'application/json': { schema: status === '422' ? validationErrorRef : errorRef } };
    if (status === '429' || status === '503') response.headers = { ...retryAfter, ...response.headers };
  }
}

/** Serves the document at `/api/docs` (the UI) and `/api/docs-json`. */
export function serveApiDocument(app: INestApplication): void {
  SwaggerModule.setup('api/docs', app, buildApiDocument(app), { jsonDocumentUrl: 'api/docs-json' });
}
