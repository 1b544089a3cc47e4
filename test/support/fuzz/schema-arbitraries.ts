import fc from 'fast-check';
import { RawJson, withKey, withoutKey } from './json-text';

/** The subset of JSON Schema (OpenAPI 3.0 and 3.1) the API document uses. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  allOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
}

/** Text a client may put anywhere a string goes: what breaks parsers, databases, logs and templates. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '😀',
  '👩‍👩‍👧‍👦',
  '\u202eevil',
  'zero\u200bwidth',
  'Café ñandú',
  'e\u0301',
  '𝕏'.repeat(300),
  '<script>alert(1)</script>',
  "' OR '1'='1' --",
  '"; DROP TABLE users; --',
  '${7*7}{{7*7}}',
  '../../../etc/passwd',
  '%00',
  '%s%n%x',
  '\r\nX-Injected: 1',
  '\\u0000',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e309',
  '__proto__',
  'constructor',
  '\t\n\u000b\f\r',
  '\u001b[31m',
];

/** Numbers written as JSON text JSON.stringify would not write (or would round). */
const RAW_NUMBERS = [
  '-0',
  '1e308',
  '-1e308',
  '1e400',
  '-1e400',
  '1e-7',
  '5e-324',
  '1.0',
  '1E+2',
  '9007199254740993',
  '123456789012345678901234567890',
];

const INT4_MAX = 2_147_483_647;
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'];

/** A value of any JSON type, but not the one a schema asks for (the caller picks among them). */
const anyJson = fc.jsonValue({ maxDepth: 2 });
const wrongTypes: Record<string, fc.Arbitrary<unknown>> = {
  string: fc.oneof(
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.constant({}),
    fc.array(fc.string(), { maxLength: 2 }),
    fc.constant({ value: 'x' }),
  ),
  number: fc.oneof(
    fc.constantFrom('1', '0', 'NaN', 'Infinity', '1e3', '', ' 1', '0x10'),
    fc.boolean(),
    fc.constant(null),
    fc.constant({}),
    fc.constant([1]),
  ),
  boolean: fc.oneof(fc.constantFrom('true', 'false', 1, 0, '', 'yes'), fc.constant(null), fc.constant({}), fc.constant([true])),
  object: fc.oneof(
    fc.array(fc.dictionary(fc.string({ maxLength: 8 }), anyJson, { maxKeys: 2 }), { maxLength: 2 }),
    fc.string({ maxLength: 10 }),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
  ),
  array: fc.oneof(
    fc.dictionary(fc.string({ maxLength: 8 }), anyJson, { maxKeys: 2 }),
    fc.string({ maxLength: 10 }),
    fc.integer(),
    fc.constant(null),
  ),
};
wrongTypes.integer = wrongTypes.number;

/**
 * fast-check arbitraries for the values of a schema of the API document: `valid` what it describes,
 * `invalid` a value that breaks it somewhere (the wrong JSON type at any depth, a missing required
 * field, a number past its bounds or below a cent, text too long or hostile, an unknown or
 * prototype key). The document is read as it is: a schema that is wrong about the API gives
 * "valid" values the API refuses, which is still a request the API must answer without a 5xx.
 */
export class SchemaArbitraries {
  /**
   * `hints`: values of the fixtures a valid body should often name (by property name: `tenant_id`,
   * `product_id` ...), so that valid requests get past "not found" into the handlers.
   */
  constructor(
    private readonly components: Record<string, JsonSchema> = {},
    private readonly hints: Record<string, unknown[]> = {},
  ) {}

  /** The schema a `$ref` names (only `#/components/schemas/...` refs occur), and allOf parts merged into one. */
  resolve(schema: JsonSchema | undefined): JsonSchema {
    let current = schema ?? {};
    for (let hops = 0; current.$ref && hops < 20; hops++) {
      const name = current.$ref.replace('#/components/schemas/', '');
      current = this.components[name] ?? {};
    }
    if (current.allOf) {
      const parts = current.allOf.map((part) => this.resolve(part));
      const { allOf: _allOf, ...rest } = current;
      current = parts.reduce<JsonSchema>(
        (merged, part) => ({
          ...merged,
          ...part,
          properties: { ...merged.properties, ...part.properties },
          required: [...(merged.required ?? []), ...(part.required ?? [])],
        }),
        rest,
      );
    }
    return current;
  }

  valid(schemaOrRef: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
    const schema = this.resolve(schemaOrRef);
    if (depth > 6) return fc.constant(null);
    if (schema.const !== undefined) return fc.constant(schema.const);
    if (schema.enum?.length) return fc.constantFrom(...schema.enum);
    const alternatives = schema.oneOf ?? schema.anyOf;
    if (alternatives?.length) return fc.oneof(...alternatives.map((part) => this.valid(part, depth + 1)));
    const types = this.typesOf(schema);
    const nullable = schema.nullable === true || types.includes('null');
    const concrete = types.filter((type) => type !== 'null');
    const arbitraries = concrete.map((type) => this.validOfType(type, schema, depth));
    if (arbitraries.length === 0) arbitraries.push(concrete.length === 0 && nullable ? fc.constant(null) : anyJson);
    return nullable
      ? fc.oneof({ arbitrary: fc.constant(null), weight: 1 }, { arbitrary: fc.oneof(...arbitraries), weight: 3 })
      : fc.oneof(...arbitraries);
  }

  invalid(schemaOrRef: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
    const schema = this.resolve(schemaOrRef);
    if (depth > 6) return fc.constantFrom(...HOSTILE_STRINGS);
    const variants: fc.Arbitrary<unknown>[] = [];
    const types = this.typesOf(schema).filter((type) => type !== 'null');
    const type = types[0];
    if (type && types.length === 1 && wrongTypes[type]) variants.push(wrongTypes[type]);
    if (!schema.nullable && !this.typesOf(schema).includes('null')) variants.push(fc.constant(null));
    if (schema.enum?.length) {
      const allowed = schema.enum;
      // Near misses of the allowed values (another case, a trailing space, one past a number), and anything else.
      const nearMisses = allowed.map((value) =>
        typeof value === 'string' ? `${value.toUpperCase()} ` : typeof value === 'number' ? value + 1 : String(value),
      );
      variants.push(fc.oneof(fc.constantFrom(...nearMisses), fc.string({ maxLength: 12 })).filter((value) => !allowed.includes(value)));
    } else if (type === 'string') variants.push(this.invalidString(schema));
    else if (type === 'integer' || type === 'number') variants.push(this.invalidNumber(schema, type));
    else if (type === 'array') variants.push(this.invalidArray(schema, depth));
    else if (type === 'object' || schema.properties) variants.push(this.invalidObject(schema, depth));
    if (variants.length === 0) variants.push(fc.constantFrom<unknown>(...HOSTILE_STRINGS, ...RAW_NUMBERS.map((text) => new RawJson(text))));
    return fc.oneof(...variants);
  }

  /** The schema's types: `type` as 3.0 or 3.1 writes it, or guessed from what it holds. */
  private typesOf(schema: JsonSchema): string[] {
    if (Array.isArray(schema.type)) return schema.type;
    if (schema.type) return [schema.type];
    if (schema.properties || schema.additionalProperties) return ['object'];
    if (schema.items) return ['array'];
    return [];
  }

  private validOfType(type: string, schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
    switch (type) {
      case 'string':
        return this.validString(schema);
      case 'integer':
        return this.validInteger(schema);
      case 'number':
        return this.validNumber(schema);
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.array(this.valid(schema.items, depth + 1), {
          minLength: schema.minItems ?? 0,
          maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)),
        });
      case 'object':
        return this.validObject(schema, depth);
      default:
        return anyJson;
    }
  }

  private validString(schema: JsonSchema): fc.Arbitrary<string> {
    const minLength = schema.minLength ?? 0;
    const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 80));
    const fit = (text: string) => (text.length > maxLength ? text.slice(0, maxLength) : text);
    switch (schema.format) {
      case 'uuid':
        return fc.uuid();
      case 'date-time':
        return fc
          .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
          .map((d) => d.toISOString());
      case 'date':
        return fc
          .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10));
      case 'email':
        return fc.emailAddress();
      case 'uri':
      case 'url':
        return fc.webUrl({ validSchemes: ['https'] });
    }
    if (schema.pattern) {
      const pattern = compiled(schema.pattern);
      if (pattern) return fc.stringMatching(pattern).map(fit);
    }
    return fc
      .oneof(
        { arbitrary: fc.string({ unit: 'grapheme-ascii', minLength, maxLength }), weight: 3 },
        { arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength }), weight: 1 },
        { arbitrary: fc.constantFrom(...this.textExamples()), weight: 1 },
      )
      .map((text) => (text.length < minLength ? text.padEnd(minLength, 'x') : fit(text)));
  }

  private textExamples(): string[] {
    return ['Ana López', 'ana@example.com', '+50499998888', 'Café Niño', 'secret123', 'WELCOME10', 'pickup', 'x'];
  }

  private bounds(schema: JsonSchema, integer: boolean): { min: number; max: number } {
    const step = integer ? 1 : 0.01;
    let min = schema.minimum ?? (integer ? -INT4_MAX - 1 : -1e9);
    let max = schema.maximum ?? (integer ? INT4_MAX : 1e9);
    if (typeof schema.exclusiveMinimum === 'number') min = schema.exclusiveMinimum + step;
    else if (schema.exclusiveMinimum === true) min += step;
    if (typeof schema.exclusiveMaximum === 'number') max = schema.exclusiveMaximum - step;
    else if (schema.exclusiveMaximum === true) max -= step;
    return { min, max: Math.max(min, max) };
  }

  private validInteger(schema: JsonSchema): fc.Arbitrary<number> {
    const { min, max } = this.bounds(schema, true);
    const lo = Math.ceil(Math.max(min, Number.MIN_SAFE_INTEGER));
    const hi = Math.floor(Math.min(max, Number.MAX_SAFE_INTEGER));
    return fc.oneof(
      { arbitrary: between(Math.max(lo, Math.min(0, hi)), Math.min(hi, Math.max(lo, 0) + 100)), weight: 3 },
      { arbitrary: fc.constantFrom(lo, hi), weight: 1 },
      { arbitrary: between(lo, hi), weight: 1 },
    );
  }

  private validNumber(schema: JsonSchema): fc.Arbitrary<number> {
    const { min, max } = this.bounds(schema, false);
    const cents = between(Math.ceil(Math.max(min, -1e12) * 100), Math.floor(Math.min(max, 1e12) * 100)).map((n) => n / 100);
    return fc.oneof(
      { arbitrary: cents, weight: 3 },
      { arbitrary: fc.constantFrom(min, max), weight: 1 },
      { arbitrary: fc.double({ min, max, noNaN: true, noDefaultInfinity: true }), weight: 1 },
    );
  }

  private validObject(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
    const properties = schema.properties ?? {};
    const names = Object.keys(properties);
    if (names.length === 0) {
      return schema.additionalProperties === false
        ? fc.constant({})
        : fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), anyJson, { maxKeys: 3 });
    }
    const model = Object.fromEntries(names.map((name) => [name, this.validProperty(name, properties[name], depth + 1)]));
    const required = (schema.required ?? []).filter((name) => names.includes(name));
    // Each optional field is one more chance to be refused: bodies of the required fields alone get
    // further into the handlers more often.
    const requiredOnly = fc.record(Object.fromEntries(required.map((name) => [name, model[name]])));
    return fc.oneof({ arbitrary: fc.record(model, { requiredKeys: required }), weight: 2 }, { arbitrary: requiredOnly, weight: 1 });
  }

  private validProperty(name: string, schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
    const known = this.hints[name];
    const valid = this.valid(schema, depth);
    return known?.length ? fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 3 }, { arbitrary: valid, weight: 1 }) : valid;
  }

  private invalidString(schema: JsonSchema): fc.Arbitrary<unknown> {
    const variants: fc.Arbitrary<unknown>[] = [fc.constantFrom(...HOSTILE_STRINGS)];
    const max = schema.maxLength;
    variants.push(fc.constantFrom(max !== undefined ? max + 1 : 10_000, 70_000).map((length) => 'x'.repeat(length)));
    if (max !== undefined) variants.push(fc.constant('é'.repeat(max + 1)), fc.constant('😀'.repeat(max)));
    if (schema.minLength) variants.push(fc.constant('x'.repeat(schema.minLength - 1)));
    if (schema.format)
      variants.push(
        fc.constantFrom(
          'not-a-' + schema.format,
          '2025-13-45T99:99:99Z',
          '00000000-0000-0000-0000-00000000000g',
          'x@',
          'javascript:alert(1)',
        ),
      );
    if (schema.pattern) variants.push(fc.string({ maxLength: 20 }).filter((text) => !compiled(schema.pattern!)?.test(text)));
    return fc.oneof(...variants);
  }

  private invalidNumber(schema: JsonSchema, type: string): fc.Arbitrary<unknown> {
    const { min, max } = this.bounds(schema, type === 'integer');
    const boundaries: unknown[] = [
      schema.minimum !== undefined ? min - 1 : -INT4_MAX - 2,
      schema.maximum !== undefined ? max + 1 : INT4_MAX + 1,
      min - 0.001,
      max + 0.001,
      1e-7,
      0.001,
      1e308,
      -1e308,
      Number.MAX_SAFE_INTEGER + 2,
      ...RAW_NUMBERS.map((text) => new RawJson(text)),
    ];
    if (type === 'integer') boundaries.push(1.5, 0.5, min + 0.5);
    return fc.oneof(fc.constantFrom(...boundaries), fc.double({ noNaN: true, noDefaultInfinity: true }));
  }

  private invalidArray(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
    const item = this.valid(schema.items, depth + 1);
    const variants: fc.Arbitrary<unknown>[] = [
      fc.array(this.invalid(schema.items, depth + 1), { minLength: 1, maxLength: 3 }),
      fc.tuple(item, this.invalid(schema.items, depth + 1)),
      fc.array(item, { minLength: (schema.maxItems ?? 200) + 1, maxLength: (schema.maxItems ?? 200) + 1 }),
    ];
    if (schema.minItems) variants.push(fc.array(item, { maxLength: schema.minItems - 1 }));
    return fc.oneof(...variants);
  }

  private invalidObject(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
    const valid = this.validObject(schema, depth);
    const properties = schema.properties ?? {};
    const names = Object.keys(properties);
    const required = (schema.required ?? []).filter((name) => names.includes(name));
    const variants: fc.Arbitrary<unknown>[] = [
      // An unknown field, a prototype key among them.
      fc
        .tuple(valid, fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ minLength: 1, maxLength: 12 })), anyJson)
        .filter(([, key]) => !names.includes(key))
        .map(([body, key, value]) => withKey(body, key, value)),
    ];
    if (required.length > 0) {
      variants.push(fc.tuple(valid, fc.constantFrom(...required)).map(([body, name]) => withoutKey(body, name)));
    }
    if (names.length > 0) {
      // One field wrong, at whatever depth the recursion reaches.
      const wrongField = fc
        .constantFrom(...names)
        .chain((name) => fc.tuple(valid, fc.constant(name), this.invalid(properties[name], depth + 1)));
      variants.push(wrongField.map(([body, name, value]) => withKey(withoutKey(body, name), name, value)));
    }
    return fc.oneof(...variants);
  }
}

/** An integer of [min, max], safe integers both (fc.integer stops at 32 bits). */
function between(min: number, max: number): fc.Arbitrary<number> {
  return fc.bigInt(BigInt(min), BigInt(Math.max(min, max))).map(Number);
}

function compiled(pattern: string): RegExp | null {
  try {
    return new RegExp(pattern);
  } catch {
    return null;
  }
}
