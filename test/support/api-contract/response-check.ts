import {
  type ContractDocument,
  describeSchemaErrors,
  type MatchedOperation,
  type OpenApiHeader,
  type OpenApiResponse,
} from './openapi-document';

/** One request and the response it got, as the check reads them. */
export interface Exchange {
  method: string;
  /** The path as sent on the wire (percent-encoded; a query string is ignored). */
  path: string;
  status: number;
  /** Lower-case names, as Node gives them. */
  headers: Record<string, string | string[] | undefined>;
  /** The parsed body of a JSON response. */
  body: unknown;
  /** The body as text, when the client buffered it (undefined for a streamed or binary body). */
  text: string | undefined;
  /** The size of a binary body the client buffered, when it is not text. */
  bytes?: number;
}

export interface Verdict {
  /** The operationId, or what answered instead: "(no operation)" or "(answered before routing)". */
  operation: string;
  /** The document's path template (`/api/v1/orders/{order}`), or the path itself for no operation. */
  template: string;
  method: string;
  status: number;
  /** Skipped responses (the document's own routes, CORS preflights) are neither counted nor checked. */
  skipped?: boolean;
  /** What does not match; undefined when the response is described by the document. */
  problem?: string;
  /** Ajv's errors (first few), when the body does not match its schema. */
  errors?: string[];
}

/** Routes that serve the document itself (Swagger UI and its JSON/YAML): not operations of it. */
const NOT_OPERATIONS = ['/api/docs'];
/** A path the document does not know may answer only these, with the shared Error body. */
const UNKNOWN_PATH_STATUSES = [400, 404, 405];
/** Statuses Node's HTTP server answers itself, before any route (src/common/http/client-errors.ts). */
export const BEFORE_ROUTING_STATUSES = [408, 431];
const MAX_SCHEMA_ERRORS = 5;

/**
 * Checks one response against the document: a documented operation must list its status (or a
 * `NXX` range, or `default`), its required headers must be there, and its body must be of a media
 * type listed for that status and, when JSON with a schema, match the schema. A path (or method)
 * the document does not know may only answer 404, 400 or 405 with the shared Error body
 * `{ message }`, as may what Node answers before any route.
 */
export function checkResponse(contract: ContractDocument, exchange: Exchange): Verdict {
  const path = exchange.path.split(/[?#]/)[0];
  const base = { method: exchange.method.toUpperCase(), status: exchange.status };
  if (NOT_OPERATIONS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}-`))) {
    return { ...base, operation: '(the document itself)', template: path, skipped: true };
  }
  if (isCorsPreflight(exchange)) return { ...base, operation: '(CORS preflight)', template: path, skipped: true };
  if (answeredBeforeRouting(exchange)) {
    const problem = errorBodyProblem(exchange);
    return { ...base, operation: '(answered before routing)', template: path, problem };
  }
  const matched = contract.match(exchange.method, path);
  if (!matched) return { ...base, operation: '(no operation)', template: path, problem: unknownPathProblem(exchange) };
  return { ...base, operation: matched.operationId, template: matched.template, ...operationProblem(contract, matched, exchange) };
}

/**
 * The browser's CORS protocol, answered by the CORS middleware before any route: not an operation
 * of the document (OpenAPI describes none), so left out like the document's own routes.
 */
function isCorsPreflight(exchange: Exchange): boolean {
  return exchange.method.toUpperCase() === 'OPTIONS' && exchange.headers['access-control-allow-methods'] !== undefined;
}

/** Node's own answers never pass through the app, so they carry no X-Request-Id. */
function answeredBeforeRouting(exchange: Exchange): boolean {
  if (BEFORE_ROUTING_STATUSES.includes(exchange.status)) return true;
  return exchange.status === 400 && exchange.headers['x-request-id'] === undefined;
}

function unknownPathProblem(exchange: Exchange): string | undefined {
  if (!UNKNOWN_PATH_STATUSES.includes(exchange.status)) {
    return `no operation of the document is ${exchange.method.toUpperCase()} ${exchange.path.split(/[?#]/)[0]}: only 404, 400 or 405 with the Error body { message } may answer there`;
  }
  return errorBodyProblem(exchange);
}

/** The shared Error shape, `{ message: string }` and nothing else, as JSON. */
function errorBodyProblem(exchange: Exchange): string | undefined {
  const type = mediaTypeOf(exchange);
  if (!type || !isJson(type)) return `the body must be the Error body { message } as JSON, not ${type ?? 'no content type'}`;
  const body = exchange.body as Record<string, unknown> | null;
  const isError =
    typeof body === 'object' && body !== null && !Array.isArray(body) && Object.keys(body).length === 1 && typeof body.message === 'string';
  return isError ? undefined : 'the body must be the Error body { message: string } and nothing else';
}

function operationProblem(
  contract: ContractDocument,
  matched: MatchedOperation,
  exchange: Exchange,
): { problem?: string; errors?: string[] } {
  const responses = matched.operation.responses ?? {};
  const key = [String(exchange.status), `${String(exchange.status)[0]}XX`, `${String(exchange.status)[0]}xx`, 'default'].find(
    (candidate) => responses[candidate] !== undefined,
  );
  if (!key) {
    const documented = Object.keys(responses).join(', ') || 'none';
    return { problem: `status ${exchange.status} is not documented (documented: ${documented})` };
  }
  const response = contract.resolve<OpenApiResponse>(responses[key]) ?? {};

  const missing = Object.entries(response.headers ?? {})
    .filter(([name, header]) => name.toLowerCase() !== 'content-type' && contract.resolve<OpenApiHeader>(header)?.required === true)
    .map(([name]) => name)
    .filter((name) => exchange.headers[name.toLowerCase()] === undefined);
  if (missing.length) return { problem: `required header ${missing.join(', ')} missing from the ${exchange.status} response` };

  const head = exchange.method.toUpperCase() === 'HEAD' || exchange.status === 204 || exchange.status === 304;
  const content = response.content ?? {};
  const listed = Object.keys(content);
  const type = mediaTypeOf(exchange);
  if (head || !hasBody(exchange)) {
    if (!head && listed.length) return { problem: `the ${exchange.status} response has no body; the document gives ${listed.join(', ')}` };
    return {};
  }
  if (!listed.length) {
    return { problem: `the document gives no content for ${key}, and the response has a body (${type ?? 'no content type'})` };
  }
  const entry = type ? (content[type] ?? content[`${type.split('/')[0]}/*`] ?? content['*/*']) : undefined;
  if (!type || !entry) return { problem: `media type ${type ?? '(none)'} is not listed for ${key} (listed: ${listed.join(', ')})` };
  if (!isJson(type) || entry.schema === undefined) return {};
  // A JSON body the client did not buffer (a streamed download) cannot be read here.
  if (exchange.text === undefined && exchange.body === undefined) return {};

  const validate = contract.validator(`${matched.method} ${matched.template} ${key} ${type}`, entry.schema);
  if (validate instanceof Error) return { problem: `the document's schema for ${key} ${type} does not compile: ${validate.message}` };
  if (validate(exchange.body)) return {};
  return {
    problem: `the body does not match the ${key} ${type} schema`,
    errors: describeSchemaErrors(validate.errors).slice(0, MAX_SCHEMA_ERRORS),
  };
}

function mediaTypeOf(exchange: Exchange): string | undefined {
  const header = exchange.headers['content-type'];
  const value = Array.isArray(header) ? header[0] : header;
  return value?.split(';')[0].trim().toLowerCase() || undefined;
}

function isJson(type: string): boolean {
  return type === 'application/json' || type.endsWith('+json');
}

function hasBody(exchange: Exchange): boolean {
  if (exchange.text !== undefined) return exchange.text.length > 0;
  if (exchange.bytes !== undefined) return exchange.bytes > 0;
  const length = exchange.headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return exchange.headers['transfer-encoding'] !== undefined;
}
