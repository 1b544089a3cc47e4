import 'reflect-metadata';
import { ArgumentMetadata, ValidationPipe } from '@nestjs/common';
import { BodyValidationPipe, plainBodyCheckOf, VALIDATION_OPTIONS } from '@common/http/body-validation.pipe';
import { InteractionDto, INTERACTION_TYPES, TRACK_TYPES, TrackEventDto } from './analytics.dto';

/** Every combination of these values of each field (`undefined`: the field is absent). */
function bodies(types: readonly string[]): Array<Record<string, unknown>> {
  const tenants = [undefined, null, '', ' ', 'shop', 'x'.repeat(255), 'x'.repeat(256), '😀'.repeat(128), '😀'.repeat(200), 5, ['shop'], {}];
  const kinds = [undefined, null, '', 'other', types[0], types[types.length - 1], `${types[0]} `, 5, [types[0]]];
  const products = [undefined, null, 0, -1, 1, 1.5, 2_147_483_647, 2_147_483_648, '12', Number.NaN, true, [1], {}];
  const metadata = [undefined, null, {}, { a: 1, nested: { b: [1, 'x'] } }, [], 'x', 5, true];
  const extras: Array<Record<string, unknown>> = [{}, { foo: 1 }, { __proto__: null, constructor: 1 }];
  const out: Array<Record<string, unknown>> = [];
  for (const tenant of tenants)
    for (const type of kinds)
      for (const product of products)
        for (const meta of metadata)
          for (const extra of extras) {
            const body: Record<string, unknown> = { ...extra };
            if (tenant !== undefined) body.tenant_id = tenant;
            if (type !== undefined) body.type = type;
            if (product !== undefined) body.product_id = product;
            if (meta !== undefined) body.metadata = meta;
            out.push(body);
          }
  return out;
}

describe.each([
  ['TrackEventDto', TrackEventDto, TRACK_TYPES],
  ['InteractionDto', InteractionDto, INTERACTION_TYPES],
] as const)('%s: the hand-written check of @PlainBody', (_name, dto, types) => {
  const metadata: ArgumentMetadata = { type: 'body', metatype: dto, data: '' };
  const full = new ValidationPipe(VALIDATION_OPTIONS);
  const check = plainBodyCheckOf(dto)!;

  it('accepts only bodies that class-validator accepts, and makes the same object of them', async () => {
    let accepted = 0;
    for (const body of bodies(types)) {
      if (!check(body)) continue;
      accepted += 1;
      const [fast, slow] = await Promise.all([
        new BodyValidationPipe().transform(JSON.parse(JSON.stringify(body)), metadata),
        full.transform(JSON.parse(JSON.stringify(body)), metadata).catch((error: Error) => error),
      ]);
      expect({ body, slow: slow instanceof Error ? 'refused' : 'accepted' }).toEqual({ body, slow: 'accepted' });
      expect(fast).toBeInstanceOf(dto);
      expect(fast).toEqual(slow);
    }
    // Not a check that refuses everything: every valid combination without an extra field (tenant
    // ids ' ', 'shop' and 255 x's; the 128 emoji, valid for class-validator, take the full path).
    expect(accepted).toBe(3 * 2 * 3 * 3);
  });

  it('leaves every body it does not accept to class-validator, which words the errors', async () => {
    const pipe = new BodyValidationPipe();
    const bad = { tenant_id: '', type: 'other', product_id: 0, metadata: [], foo: 1 };
    expect(check(bad)).toBe(false);
    const error = (await pipe.transform(bad, metadata).catch((failure: unknown) => failure)) as { getResponse?: () => unknown };
    const slow = (await full.transform(bad, metadata).catch((failure: unknown) => failure)) as { getResponse?: () => unknown };
    expect(error).toEqual(slow);
    expect(JSON.stringify(error)).toContain('tenant_id');
  });
});
