import { createHash } from 'node:crypto';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/** The parts of an OpenAPI 3.0 / 3.1 document the response check reads. */
export interface OpenApiDocument {
  openapi: string;
  paths?: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, unknown>; responses?: Record<string, unknown>; headers?: Record<string, unknown> };
}

export interface OpenApiOperation {
  operationId?: string;
  responses?: Record<string, unknown>;
}

export interface OpenApiResponse {
  description?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema?: unknown }>;
}

export interface OpenApiHeader {
  required?: boolean;
}

/** An operation of the document, found by method and path. */
export interface MatchedOperation {
  method: string;
  /** As the document writes it: `/api/v1/orders/{order}`. */
  template: string;
  operationId: string;
  operation: OpenApiOperation;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
/** Where the components go in Ajv: every `#/components/schemas/...` of the document points here. */
const COMPONENTS_ID = 'https://contract.test/openapi.json';

interface Route {
  method: string;
  template: string;
  /** Literal segments lower-cased (Express matches case-insensitively); `null` for a parameter. */
  segments: Array<string | null>;
  operation: OpenApiOperation;
}

/**
 * One document, ready to check responses against: its routes indexed for matching, and a JSON
 * Schema validator per response schema, compiled the first time a response needs it.
 */
export class ContractDocument {
  /** By number of segments: a path is compared only with templates as long as itself. */
  private readonly routes = new Map<number, Route[]>();
  private readonly ajv: Ajv;
  private readonly validators = new Map<string, ValidateFunction | Error>();

  constructor(readonly document: OpenApiDocument) {
    for (const [template, item] of Object.entries(document.paths ?? {})) {
      for (const method of METHODS) {
        const operation = item[method] as OpenApiOperation | undefined;
        if (!operation) continue;
        const segments = splitPath(template).map((segment) => (/^\{[^}]+\}$/.test(segment) ? null : segment.toLowerCase()));
        const sameLength = this.routes.get(segments.length) ?? [];
        sameLength.push({ method: method.toUpperCase(), template, segments, operation });
        this.routes.set(segments.length, sameLength);
      }
    }
    // No defaults, no coercion, no removal: the body a test reads afterwards is the one it received.
    const options = { strict: false, allErrors: true, validateSchema: false, logger: false } as const;
    this.ajv = document.openapi?.startsWith('3.1') ? new Ajv2020(options) : new Ajv(options);
    addFormats(this.ajv);
    addOpenApiFormats(this.ajv);
    const schemas = toJsonSchema(document.components?.schemas ?? {}, new Set(Object.keys(this.ajv.formats)));
    this.ajv.addSchema({ $id: COMPONENTS_ID, components: { schemas } });
  }

  /**
   * The operation Express would run for `method` on `rawPath` (as sent, percent-encoded, query
   * ignored): literal segments compared case-insensitively, a trailing slash ignored, a parameter
   * any non-empty segment that percent-decodes (one that does not is Express's 400). The most
   * specific template wins (`/orders/count` before `/orders/{order}`). HEAD falls back to GET, as
   * Express answers it. `undefined`: no operation of the document.
   */
  match(method: string, rawPath: string): MatchedOperation | undefined {
    const segments = splitPath(rawPath.split(/[?#]/)[0]);
    const upper = method.toUpperCase();
    const candidates = (this.routes.get(segments.length) ?? []).filter((route) => matches(route, segments));
    const pick = (wanted: string) =>
      candidates.filter((route) => route.method === wanted).sort((a, b) => specificity(b) - specificity(a))[0];
    const route = pick(upper) ?? (upper === 'HEAD' ? pick('GET') : undefined);
    if (!route) return undefined;
    return {
      method: route.method,
      template: route.template,
      operationId: route.operation.operationId ?? `${route.method} ${route.template}`,
      operation: route.operation,
    };
  }

  /** A `$ref` to `#/...` of the document resolved (response and header objects); anything else as is. */
  resolve<T>(value: unknown): T {
    let current = value as { $ref?: unknown } | undefined;
    for (let hops = 0; current && typeof current.$ref === 'string' && current.$ref.startsWith('#/') && hops < 10; hops++) {
      current = pointer(this.document, current.$ref) as { $ref?: unknown } | undefined;
    }
    return current as T;
  }

  /**
   * The validator of a schema of the document, compiled on first use under `key` and kept. A schema
   * Ajv cannot compile (a `$ref` to nowhere) is an Error, which the check reports.
   */
  validator(key: string, schema: unknown): ValidateFunction | Error {
    let validate = this.validators.get(key);
    if (!validate) {
      try {
        validate = this.ajv.compile(toJsonSchema(schema, new Set(Object.keys(this.ajv.formats))) as object);
      } catch (error) {
        validate = error instanceof Error ? error : new Error(String(error));
      }
      this.validators.set(key, validate);
    }
    return validate;
  }
}

/** Ajv's errors as `instancePath message` lines, e.g. `/data/0/price must be number`. */
export function describeSchemaErrors(errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((error) => {
    const where = error.instancePath || '(body)';
    const extra =
      error.keyword === 'additionalProperties'
        ? ` (${String((error.params as { additionalProperty?: string }).additionalProperty)})`
        : error.keyword === 'enum'
          ? ` (${JSON.stringify((error.params as { allowedValues?: unknown }).allowedValues)})`
          : '';
    return `${where} ${error.message ?? error.keyword}${extra}`;
  });
}

const byContent = new Map<string, ContractDocument>();

/** The ContractDocument of a document's JSON text, shared by every app of the test file that serves the same one. */
export function contractDocumentOf(text: string): ContractDocument {
  const hash = createHash('sha1').update(text).digest('hex');
  let contract = byContent.get(hash);
  if (!contract) {
    contract = new ContractDocument(JSON.parse(text) as OpenApiDocument);
    byContent.set(hash, contract);
  }
  return contract;
}

function splitPath(path: string): string[] {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return trimmed.split('/').slice(1);
}

function matches(route: Route, segments: string[]): boolean {
  return route.segments.every((literal, i) => {
    const segment = segments[i];
    if (literal !== null) return segment.toLowerCase() === literal;
    if (segment === '') return false;
    try {
      decodeURIComponent(segment);
      return true;
    } catch {
      return false;
    }
  });
}

/** More literal segments, and earlier ones, make a template more specific. */
function specificity(route: Route): number {
  return route.segments.reduce<number>((sum, literal, i) => sum + (literal === null ? 0 : 2 ** (route.segments.length - i)), 0);
}

function pointer(root: unknown, ref: string): unknown {
  return ref
    .slice(2)
    .split('/')
    .map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), root);
}

/** The formats OpenAPI adds to JSON Schema's. */
function addOpenApiFormats(ajv: Ajv): void {
  ajv.addFormat('int32', { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31 });
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isInteger(n) });
  ajv.addFormat('float', { type: 'number', validate: () => true });
  ajv.addFormat('double', { type: 'number', validate: () => true });
  ajv.addFormat('byte', /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/);
  ajv.addFormat('binary', true);
  ajv.addFormat('password', true);
}

/** Values that are data, not schemas: never rewritten. */
const DATA_KEYWORDS = new Set(['example', 'examples', 'enum', 'const', 'default', 'x-examples']);

/**
 * An OpenAPI schema as the JSON Schema Ajv reads (a new object; the document is not changed):
 * - 3.0 `nullable: true`: `null` added to `type` (and to `enum`), or, without a `type` (a `$ref`,
 *   `allOf` ...), the schema becomes `anyOf: [schema, { type: 'null' }]`; 3.1 type arrays pass as they are;
 * - 3.0's boolean `exclusiveMinimum`/`exclusiveMaximum` become the numbers of JSON Schema;
 * - `#/components/schemas/X` points into the components added to Ajv under COMPONENTS_ID;
 * - a `format` Ajv does not know is dropped (an annotation, as JSON Schema allows).
 * OpenAPI's own keywords (`discriminator`, `xml`, `externalDocs`, `example` ...) are left for Ajv to
 * ignore (`strict: false`).
 */
function toJsonSchema(node: unknown, formats: Set<string>): unknown {
  if (Array.isArray(node)) return node.map((item) => toJsonSchema(item, formats));
  if (!node || typeof node !== 'object') return node;
  const schema: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    schema[key] = DATA_KEYWORDS.has(key) ? value : toJsonSchema(value, formats);
  }
  if (typeof schema.$ref === 'string' && schema.$ref.startsWith('#/components/')) schema.$ref = `${COMPONENTS_ID}${schema.$ref}`;
  if (typeof schema.format === 'string' && !formats.has(schema.format)) delete schema.format;
  for (const [exclusive, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (schema[exclusive] === true && typeof schema[bound] === 'number') {
      schema[exclusive] = schema[bound];
      delete schema[bound];
    } else if (schema[exclusive] === false) {
      delete schema[exclusive];
    }
  }
  if (typeof schema.nullable !== 'boolean') return schema;
  const nullable = schema.nullable;
  delete schema.nullable;
  if (!nullable) return schema;
  if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
  if (typeof schema.type === 'string') schema.type = [schema.type, 'null'];
  else if (Array.isArray(schema.type)) schema.type = schema.type.includes('null') ? schema.type : [...schema.type, 'null'];
  else return { anyOf: [schema, { type: 'null' }] };
  return schema;
}
