import fc from 'fast-check';
import type { Operation, Parameter } from './api-operations';
import { RawJson, toJsonText } from './json-text';
import { HOSTILE_STRINGS, JsonSchema, SchemaArbitraries } from './schema-arbitraries';

/** Who sends a request: a real account of the fixtures (by name), nobody, or a bearer token that names no one. */
export type Identity = { kind: 'account'; name: string } | { kind: 'none' } | { kind: 'header'; value: string };

/** A request the fuzzer sends: everything in it is generated, so that fast-check can shrink it. */
export interface FuzzRequest {
  method: string;
  /** Path and query string, as URL text (percent-encoding done, or deliberately broken). */
  url: string;
  identity: Identity;
  headers: Record<string, string>;
  body?: FuzzBody;
  /** For operations that read `X-Signature`: sign the body with the test secret, send garbage, or nothing. */
  signature?: 'valid' | 'garbage' | 'none';
}

export interface FuzzBody {
  /** What was generated (for the report), before it was written. */
  value?: unknown;
  text: string;
  /** Absent: no Content-Type header. */
  contentType?: string;
  contentEncoding?: string;
}

/** What the fixtures give the generators: existing rows to name, and the accounts to send as. */
export interface FuzzFixtures {
  /** Ids of existing rows of every kind (products, orders, locations, coupons, shops ...), for path parameters. */
  ids: Array<string | number>;
  /** Tenant ids and slugs: the fuzzed shop's, another shop's. */
  tenantIds: string[];
  tenantSlugs: string[];
  /** Account names `Identity` may use (owner, other shop's owner, customer, super admin). */
  accounts: string[];
  /** Values valid bodies often name, by property name (see SchemaArbitraries). */
  hints: Record<string, unknown[]>;
}

/** The body of an operation the document gives no schema for, described here (the payment webhook's envelope). */
export type BodySchemas = Record<string, JsonSchema>;

// URL text for a path segment no client should send but some do: beyond int4, not numbers, broken
// or odd percent-encoding (none that routing would resolve to another path: no `..`, no empty segment).
const JUNK_SEGMENTS = [
  '0',
  '-1',
  '2147483647',
  '2147483648',
  '99999999999999999999',
  '1.5',
  '1e3',
  '0x1F',
  '%201',
  'null',
  'undefined',
  '%00',
  '%ZZ',
  '%',
  '%C0%AF',
  '%FF%FE',
  '%F0%9F%98%80',
  '%ED%A0%80',
  'a%2Fb',
  '%3Cscript%3E',
  "'",
  ';',
  '~',
  '00000000-0000-0000-0000-000000000000',
  'x'.repeat(300),
];

const NOT_JSON = [
  'not json',
  '{',
  '{"a":',
  "{'a':1}",
  '"text"',
  '1',
  'true',
  'null',
  '',
  '{"a":1}{"b":2}',
  'NaN',
  '{"a":NaN}',
  '\ufeff{}',
  '<xml/>',
  'a=1&b=2',
];

const CONTENT_TYPES = [
  'application/json; charset=utf-8',
  'application/json; charset=utf8',
  'application/json; charset="utf8"',
  'application/json; charset=UTF-8',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/json; charset=ascii',
  'application/json; charset=nonsense',
  'application/vnd.api+json',
  'application/merge-patch+json',
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/octet-stream',
  'json',
];

const ENCODINGS = ['gzip', 'deflate', 'br', 'x-unknown', 'identity', 'gzip, identity', 'GZIP', 'compress'];

/** Header values (visible ASCII only: Node's client refuses anything else before sending). */
const headerText = fc.string({ unit: 'binary-ascii', maxLength: 40 }).map((text) => text.replace(/[^\x20-\x7e]/g, ''));

/**
 * The arbitrary of one operation's requests: path parameters (existing ids, other ids, junk), its
 * documented query parameters (valid and not), who sends it and which shop it names, an
 * idempotency key, and its body: valid or broken where its schema says, or an array, text that is
 * not JSON, another media type or charset, an encoding no server decodes.
 */
export function requestsOf(
  operation: Operation,
  schemas: SchemaArbitraries,
  fixtures: FuzzFixtures,
  bodySchemas: BodySchemas,
): fc.Arbitrary<FuzzRequest> {
  const pathParameters = operation.parameters.filter((p) => p.in === 'path');
  const queryParameters = operation.parameters.filter((p) => p.in === 'query');
  const headerParameters = operation.parameters.filter((p) => p.in === 'header' && !HEADERS_OF_OUR_OWN.has(p.name.toLowerCase()));
  const signed = operation.parameters.some((p) => p.in === 'header' && p.name.toLowerCase() === 'x-signature');

  const path = fc
    .tuple(...pathParameters.map((parameter) => pathValue(parameter, schemas, fixtures)))
    .map((values) => pathParameters.reduce((text, parameter, index) => text.replace(`{${parameter.name}}`, values[index]), operation.path));
  const query = fc
    .tuple(
      ...queryParameters.map((parameter) => queryPair(parameter, schemas, fixtures)),
      fc.option(fc.constantFrom('fuzz=1', 'page=1&page=2', '__proto__[x]=1', 'a[b][c]=1', '%ZZ=1', '&&&', 'cursor'), { nil: undefined }),
    )
    .map((pairs) => pairs.filter((pair): pair is string => pair !== undefined).join('&'));
  const headers = fc
    .tuple(
      tenantHeaders(fixtures),
      idempotencyKey(),
      fc.tuple(
        ...headerParameters.map((parameter) => fc.option(headerText, { nil: undefined }).map((value) => [parameter.name, value] as const)),
      ),
    )
    .map(([tenant, idempotency, documented]) => {
      const all: Record<string, string> = { ...tenant, ...idempotency };
      for (const [name, value] of documented) if (value !== undefined) all[name] = value;
      return all;
    });

  return fc.record({
    method: fc.constant(operation.method),
    url: fc.tuple(path, query).map(([p, q]) => (q ? `${p}?${q}` : p)),
    identity: identity(fixtures),
    headers,
    body: bodyOf(operation, schemas, bodySchemas),
    signature: signed ? fc.constantFrom<FuzzRequest['signature']>('valid', 'valid', 'garbage', 'none') : fc.constant(undefined),
  });
}

/** Headers the generators set themselves, whatever the document says about them. */
const HEADERS_OF_OUR_OWN = new Set([
  'authorization',
  'x-tenant-id',
  'x-tenant-slug',
  'idempotency-key',
  'x-idempotency-key',
  'x-signature',
  'content-type',
  'content-encoding',
]);

function pathValue(parameter: Parameter, schemas: SchemaArbitraries, fixtures: FuzzFixtures): fc.Arbitrary<string> {
  return fc
    .oneof(
      { arbitrary: fc.constantFrom(...fixtures.ids).map((id) => encodeText(String(id))), weight: 5 },
      { arbitrary: schemas.valid(parameter.schema).map((value) => encodeText(scalarText(value))), weight: 1 },
      { arbitrary: fc.uuid(), weight: 1 },
      { arbitrary: fc.integer({ min: -10, max: 1_000_000 }).map(String), weight: 1 },
      { arbitrary: fc.constantFrom(...JUNK_SEGMENTS), weight: 2 },
      { arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }).map(encodeText), weight: 1 },
    )
    .filter((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

function queryPair(parameter: Parameter, schemas: SchemaArbitraries, fixtures: FuzzFixtures): fc.Arbitrary<string | undefined> {
  const known = /tenant/i.test(parameter.name) ? [...fixtures.tenantIds, ...fixtures.tenantSlugs] : [];
  const value = fc.oneof(
    { arbitrary: schemas.valid(parameter.schema).map(scalarText), weight: 3 },
    ...(known.length ? [{ arbitrary: fc.constantFrom(...known), weight: 3 }] : []),
    { arbitrary: schemas.invalid(parameter.schema).map(scalarText), weight: 2 },
    { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 1 },
  );
  const name = encodeText(parameter.name);
  const pair = fc.oneof(
    { arbitrary: value.map((text) => `${name}=${encodeText(text)}`), weight: 6 },
    { arbitrary: fc.tuple(value, value).map(([a, b]) => `${name}=${encodeText(a)}&${name}=${encodeText(b)}`), weight: 1 },
    { arbitrary: fc.constantFrom(`${name}`, `${name}=`, `${name}=%ZZ`, `${name}[]=1`, `${name}[a]=1`), weight: 1 },
  );
  return parameter.required
    ? fc.oneof({ arbitrary: pair, weight: 9 }, { arbitrary: fc.constant(undefined), weight: 1 })
    : fc.option(pair, { nil: undefined });
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Text percent-encoded for a URL. encodeURIComponent throws on a lone surrogate, which a client
 * can still send: as the three bytes a careless encoder writes for it (CESU-8), invalid UTF-8.
 */
function encodeText(text: string): string {
  return text.split(LONE_SURROGATE).map(encodeURIComponent).join('%ED%A0%80');
}

/** A value as it would stand in a URL: strings as they are, anything else as its JSON text. */
function scalarText(value: unknown): string {
  return typeof value === 'string' ? value : toJsonText(value);
}

function identity(fixtures: FuzzFixtures): fc.Arbitrary<Identity> {
  return fc.oneof(
    // The first account (the fuzzed shop's owner) most often: most operations are theirs.
    { arbitrary: fc.constant<Identity>({ kind: 'account', name: fixtures.accounts[0] }), weight: 5 },
    { arbitrary: fc.constantFrom(...fixtures.accounts).map((name): Identity => ({ kind: 'account', name })), weight: 3 },
    { arbitrary: fc.constant<Identity>({ kind: 'none' }), weight: 2 },
    {
      arbitrary: fc
        .oneof(
          fc.constantFrom(
            'Bearer garbage',
            'Bearer 1|abc',
            'Bearer ',
            'Bearer',
            'Basic dXNlcjpwYXNz',
            'bearer x',
            `Bearer ${'a'.repeat(5000)}`,
          ),
          fc.tuple(fc.uuid(), headerText).map(([id, secret]) => `Bearer ${id}|${secret}`),
          headerText.map((text) => `Bearer ${text}`),
        )
        .map((value): Identity => ({ kind: 'header', value })),
      weight: 2,
    },
  );
}

function tenantHeaders(fixtures: FuzzFixtures): fc.Arbitrary<Record<string, string>> {
  const malformed = fc.constantFrom('abc', '1', ' ', 'x'.repeat(300), "'; --", '00000000-0000-0000-0000-000000000000', '%00');
  const id = fc.oneof(
    { arbitrary: fc.constantFrom(...fixtures.tenantIds), weight: 4 },
    { arbitrary: fc.uuid(), weight: 1 },
    { arbitrary: malformed, weight: 1 },
    { arbitrary: headerText, weight: 1 },
  );
  const slug = fc.oneof(
    { arbitrary: fc.constantFrom(...fixtures.tenantSlugs), weight: 3 },
    { arbitrary: malformed, weight: 1 },
    { arbitrary: headerText, weight: 1 },
  );
  return fc.record({ id: sometimes(id, 1, 1), slug: sometimes(slug, 1, 3) }).map(({ id: tenantId, slug: tenantSlug }) => ({
    ...(tenantId !== undefined ? { 'X-Tenant-ID': tenantId } : {}),
    ...(tenantSlug !== undefined ? { 'X-Tenant-Slug': tenantSlug } : {}),
  }));
}

/** `value` or undefined, in the proportion `present` to `absent`. */
function sometimes<T>(value: fc.Arbitrary<T>, present: number, absent: number): fc.Arbitrary<T | undefined> {
  return fc.oneof({ arbitrary: value, weight: present }, { arbitrary: fc.constant(undefined), weight: absent });
}

function idempotencyKey(): fc.Arbitrary<Record<string, string>> {
  const key = fc.oneof(fc.uuid(), fc.constantFrom('fuzz-replayed-key', '', 'k'.repeat(255), 'k'.repeat(256), ' ', '%00'), headerText);
  return fc.oneof(
    { arbitrary: fc.constant({}), weight: 3 },
    { arbitrary: key.map((value) => ({ 'Idempotency-Key': value })), weight: 2 },
    { arbitrary: key.map((value) => ({ 'X-Idempotency-Key': value })), weight: 1 },
  );
}

function bodyOf(operation: Operation, schemas: SchemaArbitraries, bodySchemas: BodySchemas): fc.Arbitrary<FuzzBody | undefined> {
  const schema = operation.body?.schema ?? bodySchemas[operation.label];
  if (!schema) {
    if (operation.method === 'get' || operation.method === 'head') return fc.constant(undefined);
    // No body described: mostly none, sometimes one anyway.
    return fc.oneof(
      { arbitrary: fc.constant(undefined), weight: 4 },
      {
        arbitrary: fc
          .jsonValue({ maxDepth: 2 })
          .map((value): FuzzBody => ({ value, text: toJsonText(value), contentType: 'application/json' })),
        weight: 1,
      },
      { arbitrary: fc.constantFrom(...NOT_JSON).map((text): FuzzBody => ({ text, contentType: 'application/json' })), weight: 1 },
    );
  }
  const valid = schemas.valid(schema);
  const value = fc.oneof({ arbitrary: valid, weight: 3 }, { arbitrary: schemas.invalid(schema), weight: 3 });
  const json =
    (contentType?: string, contentEncoding?: string) =>
    (body: unknown): FuzzBody => ({ value: body, text: toJsonText(body), contentType, contentEncoding });
  const documentedType = operation.body?.mediaTypes.find((type) => type !== 'application/json');
  return fc.oneof(
    { arbitrary: value.map(json('application/json')), weight: 12 },
    { arbitrary: fc.array(valid, { minLength: 0, maxLength: 2 }).map(json('application/json')), weight: 1 },
    { arbitrary: fc.tuple(valid, fc.constantFrom(...CONTENT_TYPES)).map(([body, type]) => json(type)(body)), weight: 2 },
    { arbitrary: valid.map(json(undefined)), weight: 1 },
    {
      arbitrary: fc.tuple(valid, fc.constantFrom(...ENCODINGS)).map(([body, encoding]) => json('application/json', encoding)(body)),
      weight: 1,
    },
    { arbitrary: fc.constantFrom(...NOT_JSON).map((text): FuzzBody => ({ text, contentType: 'application/json' })), weight: 1 },
    {
      arbitrary: fc
        .constantFrom(...[1e-7, 1e308].map(String), '[[[[[]]]]]')
        .map((text): FuzzBody => ({ value: new RawJson(text), text, contentType: 'application/json' })),
      weight: 1,
    },
    ...(documentedType ? [{ arbitrary: value.map(json(documentedType)), weight: 3 }] : []),
  );
}
