import 'reflect-metadata';
import type { NextFunction, Request, Response } from 'express';
import { ArgumentMetadata, ValidationPipe } from '@nestjs/common';
import { BodyValidationPipe, plainBodyCheckOf, VALIDATION_OPTIONS } from '@common/http/body-validation.pipe';
import { refuseHostileJsonBodies } from '@common/http/hostile-json';
import { MAX_INTEGER_ID } from '@common/http/resource-ids';
import { InteractionDto, INTERACTION_TYPES, TRACK_TYPES, TrackEventDto } from './analytics.dto';

/**
 * The hostile corpus: every combination of these values of each field (`undefined`: the field is
 * absent) with extra fields, plus whole bodies no combination makes.
 */
function corpus(types: readonly string[]): unknown[] {
  const tenants = [
    undefined,
    null,
    '',
    ' ',
    'x'.repeat(255),
    'x'.repeat(256),
    '😀'.repeat(255), // 510 UTF-16 units, 255 characters for class-validator's MaxLength
    '😀'.repeat(256),
    'x'.repeat(250) + '\ufe0f'.repeat(10), // variation selectors
    5,
    ['shop'],
  ];
  const kinds = [undefined, null, 'other', types[0], types[types.length - 1], `${types[0]} `, [types[0]]];
  const products = [undefined, null, 0, -0, 1, 1.5, MAX_INTEGER_ID, MAX_INTEGER_ID + 1, '12', [1]];
  const metadata = [undefined, null, {}, { a: 1, nested: { b: [1, 'x'] } }, [], 'x'];
  // Own keys, as JSON.parse makes them (`__proto__` too, which an assignment would not).
  const extras: Array<Array<[string, unknown]>> = [
    [['foo', 1]],
    [['TENANT_ID', 'shop']],
    [['__proto__', { polluted: true }]],
    [['constructor', { prototype: { polluted: true } }]],
    [['prototype', 1]],
    [['toString', 1]],
    [['hasOwnProperty', 'x']],
  ];
  const out: unknown[] = [];
  for (const tenant of tenants)
    for (const type of kinds)
      for (const product of products)
        for (const meta of metadata) {
          const body: Record<string, unknown> = {};
          if (tenant !== undefined) body.tenant_id = tenant;
          if (type !== undefined) body.type = type;
          if (product !== undefined) body.product_id = product;
          if (meta !== undefined) body.metadata = meta;
          out.push(body);
          // Each extra field on the bodies whose shop and type are valid.
          if (typeof tenant !== 'string' || tenant.length === 0 || tenant.length > 255 || !types.includes(type as string)) continue;
          for (const fields of extras) {
            const withExtra = { ...body };
            for (const [key, value] of fields)
              Object.defineProperty(withExtra, key, { value, enumerable: true, writable: true, configurable: true });
            out.push(withExtra);
          }
        }
  out.push(
    null,
    [],
    [{ tenant_id: 'shop', type: types[0] }],
    'tenant_id=shop',
    42,
    {},
    JSON.parse(`{"tenant_id": "shop", "type": "${types[0]}", "metadata": {"__proto__": {"polluted": true}}}`),
    JSON.parse(`{"tenant_id": "shop", "type": "${types[0]}", "metadata": {"a": [{"constructor": 1}]}}`),
    JSON.parse(`{"tenant_id": "shop", "type": "${types[0]}", "tenant_id": "other"}`),
    Object.assign(Object.create(null) as object, { tenant_id: 'shop', type: types[0] }),
  );
  return out;
}

/** What the HTTP layer makes of an outcome: the DTO handed to the handler, or the error answered. */
async function outcome(run: () => Promise<unknown>): Promise<unknown> {
  try {
    const value = await run();
    return { accepted: value, prototype: Object.getPrototypeOf(value) as unknown };
  } catch (error) {
    return { refused: (error as Error).constructor.name, message: (error as Error).message, ...(error as object) };
  }
}

/** What `refuseHostileJsonBodies` (before any pipe) answers for a body, if it refuses it. */
function middlewareRefusal(body: unknown): unknown {
  let refusal: unknown;
  const next: NextFunction = (error?: unknown) => {
    refusal = error;
  };
  refuseHostileJsonBodies({ body } as Request, {} as Response, next);
  return refusal;
}

const clone = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));

describe.each([
  ['TrackEventDto', TrackEventDto, TRACK_TYPES],
  ['InteractionDto', InteractionDto, INTERACTION_TYPES],
] as const)('%s: the @PlainBody fast path against class-validator', (_name, dto, types) => {
  const metadata: ArgumentMetadata = { type: 'body', metatype: dto, data: '' };
  const bodies = corpus(types);
  // The bodies a pipe can see: the JSON middleware answers the others (prototype keys at any depth).
  const reaching = bodies.filter((body) => middlewareRefusal(body) === undefined);

  it('answers every body of the hostile corpus exactly as the full path does', async () => {
    const fast = new BodyValidationPipe();
    const full = new ValidationPipe(VALIDATION_OPTIONS);
    // An array body is refused by BodyValidationPipe before either path (class-validator would take it).
    const fullPath = (body: unknown) => (Array.isArray(body) ? fast : full).transform(structuredCopy(body), metadata);
    expect(reaching.length).toBeGreaterThan(4_000);
    for (const body of reaching) {
      const [viaFast, viaFull] = await Promise.all([
        outcome(() => fast.transform(structuredCopy(body), metadata)),
        outcome(() => fullPath(body)),
      ]);
      expect({ body, answer: viaFast }).toStrictEqual({ body, answer: viaFull });
    }
  });

  it('takes the fast path for exactly the bodies class-validator accepts', async () => {
    const check = plainBodyCheckOf(dto)!;
    const full = new ValidationPipe(VALIDATION_OPTIONS);
    let fastBodies = 0;
    for (const body of reaching) {
      if (body === null || typeof body !== 'object' || Array.isArray(body)) continue;
      // class-validator's whitelist lets own keys named like Object.prototype members through
      // (`toString`, `hasOwnProperty`); the check refuses them, and the full path answers.
      if (Object.keys(body).some((key) => key in Object.prototype)) continue;
      const fast = check(Object.assign(new dto(), body));
      const accepted = await full.transform(structuredCopy(body), metadata).then(
        () => true,
        () => false,
      );
      expect({ body, fast }).toEqual({ body, fast: accepted });
      if (fast) fastBodies += 1;
    }
    // Valid: 3 tenant ids (' ', 255 x's, 255 emoji), 2 types, 4 product ids (absent, null, 1, the
    // largest), 4 metadata (absent, null, two objects); and 2 of the whole bodies.
    expect(fastBodies).toBe(3 * 2 * 4 * 4 + 2);
  });

  it('leaves prototype keys at any depth to the JSON middleware, which refuses them before any pipe', () => {
    const refused = bodies.filter((body) => middlewareRefusal(body) !== undefined);
    expect(refused.length).toBeGreaterThan(0);
    for (const body of refused) expect(JSON.stringify(clone(body))).toMatch(/"(__proto__|constructor|prototype)"/);
  });
});

/** A copy for each path (the full path changes what it is given), keeping prototypes and own `__proto__` keys. */
function structuredCopy<T>(value: T): T {
  if (Array.isArray(value)) return value.map(structuredCopy) as T;
  if (value === null || typeof value !== 'object') return value;
  const copy = Object.create(Object.getPrototypeOf(value) as object | null) as Record<string, unknown>;
  for (const key of Object.keys(value))
    Object.defineProperty(copy, key, {
      value: structuredCopy((value as Record<string, unknown>)[key]),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return copy as T;
}
