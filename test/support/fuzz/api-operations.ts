import { BEFORE_ROUTING_STATUSES } from '../api-contract/response-check';
import type { JsonSchema } from './schema-arbitraries';

/** The parts of an OpenAPI document (3.0 or 3.1) the fuzzer reads. */
export interface ApiDocument {
  paths: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, JsonSchema>; parameters?: Record<string, Parameter> };
  security?: unknown[];
}

interface RawOperation {
  operationId?: string;
  parameters?: Array<Parameter | { $ref: string }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, unknown>;
  security?: unknown[];
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  /** `POST /api/v1/orders`: how failures and the report name it. */
  label: string;
  operationId?: string;
  method: string;
  path: string;
  parameters: Parameter[];
  /** The request body's schema and media types, when the document describes one. */
  body?: { schema: JsonSchema; mediaTypes: string[] };
  /** The statuses the document gives it (`200`, `4XX`, `default`). */
  statuses: string[];
}

const METHODS = new Set(['get', 'put', 'post', 'patch', 'delete', 'options', 'head']);

/** Every operation of the document, in its order. */
export function operationsOf(document: ApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    const shared = ((item as { parameters?: RawOperation['parameters'] }).parameters ?? []).map((p) => parameterOf(document, p));
    for (const [method, raw] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const operation = raw as RawOperation;
      const own = (operation.parameters ?? []).map((p) => parameterOf(document, p));
      const parameters = [...shared.filter((p) => !own.some((o) => o.name === p.name && o.in === p.in)), ...own];
      const content = operation.requestBody?.content ?? {};
      const mediaTypes = Object.keys(content);
      const schema = content['application/json']?.schema ?? Object.values(content)[0]?.schema;
      operations.push({
        label: `${method.toUpperCase()} ${path}`,
        operationId: operation.operationId,
        method,
        path,
        parameters,
        body: mediaTypes.length > 0 ? { schema: schema ?? {}, mediaTypes } : undefined,
        statuses: Object.keys(operation.responses ?? {}),
      });
    }
  }
  return operations;
}

function parameterOf(document: ApiDocument, parameter: Parameter | { $ref: string }): Parameter {
  if ('$ref' in parameter) {
    const name = parameter.$ref.replace('#/components/parameters/', '');
    const found = document.components?.parameters?.[name];
    if (!found) throw new Error(`The document names a parameter it does not define: ${parameter.$ref}`);
    return found;
  }
  return parameter;
}

/**
 * Whether the document gives the operation this status: itself, its class (`4XX`) or `default`; or
 * whether Node answered before any route (a URL over its header limit: 431), as for any path.
 */
export function documentsStatus(operation: Operation, status: number): boolean {
  if (BEFORE_ROUTING_STATUSES.includes(status)) return true;
  const text = String(status);
  return operation.statuses.some(
    (documented) => documented === text || documented.toUpperCase() === `${text[0]}XX` || documented === 'default',
  );
}
