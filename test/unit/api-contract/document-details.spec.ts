import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DOMAIN_EVENT_TYPES } from '@modules/admin/queries/domain-event-types';

type Schema = Record<string, unknown>;
interface Document {
  paths: Record<string, Record<string, unknown>>;
  components: { securitySchemes: Record<string, Schema>; schemas: Record<string, Schema> };
}

// The committed document: test/e2e/http/openapi.e2e-spec.ts proves the app serves exactly this.
const document = JSON.parse(readFileSync(resolve(__dirname, '../../../openapi.json'), 'utf8')) as Document;

/** Every schema object in the document, with where it is. */
function schemasOf(node: unknown, at = '#'): Array<{ at: string; schema: Schema }> {
  if (Array.isArray(node)) return node.flatMap((item, index) => schemasOf(item, `${at}/${index}`));
  if (!node || typeof node !== 'object') return [];
  const own = 'type' in node || 'properties' in node || 'nullable' in node ? [{ at, schema: node as Schema }] : [];
  return [...own, ...Object.entries(node).flatMap(([key, value]) => schemasOf(value, `${at}/${key}`))];
}

/** The enum a property schema allows, directly or through a `$ref`/`allOf` to an enum schema. */
function enumOf(schema: Schema): unknown[] | undefined {
  if (Array.isArray(schema.enum)) return schema.enum;
  const ref = (schema.$ref ?? (schema.allOf as Schema[] | undefined)?.[0]?.$ref) as string | undefined;
  return ref ? (document.components.schemas[ref.split('/').pop()!].enum as unknown[] | undefined) : undefined;
}

describe('the API document: contract details (docs/http-contract.md, "The bearer scheme and closed sets")', () => {
  it('describes the bearer token without the JWT format, naming only endpoints that exist', () => {
    const bearer = document.components.securitySchemes.bearer;
    expect(bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(bearer).not.toHaveProperty('bearerFormat');
    const named = [...String(bearer.description).matchAll(/\b(GET|POST|PUT|PATCH|DELETE) (\/api\/[\w/{}-]+)/g)];
    expect(named.length).toBeGreaterThan(0);
    for (const [, method, path] of named) expect(document.paths[path]?.[method.toLowerCase()]).toBeDefined();
  });

  it('types no field as an object without properties', () => {
    // `additionalProperties` says what the object holds (`false` with `maxProperties: 0`: an empty body, exactly).
    const empty = schemasOf(document).filter(
      ({ schema }) =>
        schema.type === 'object' &&
        !schema.properties &&
        !('additionalProperties' in schema) &&
        !['allOf', 'anyOf', 'oneOf', '$ref'].some((key) => key in schema),
    );
    expect(empty.map(({ at }) => at)).toEqual([]);
  });

  it("gives the architecture health's event type the enum of the domain event types", () => {
    const type = (document.components.schemas.EventTypeHealth.properties as Record<string, Schema>).type;
    expect(enumOf(type)).toEqual([...DOMAIN_EVENT_TYPES]);
  });

  it('makes every `type` field of an answer or a body an enum', () => {
    const open = schemasOf(document).flatMap(({ at, schema }) =>
      Object.entries((schema.properties as Record<string, Schema> | undefined) ?? {})
        .filter(([name, property]) => (name === 'type' || name.endsWith('_type')) && !enumOf(property))
        .map(([name]) => `${at}/properties/${name}`),
    );
    expect(open).toEqual([]);
  });
});
