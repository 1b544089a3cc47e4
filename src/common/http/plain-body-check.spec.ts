import 'reflect-metadata';
import { IsInt, IsOptional, IsString, registerDecorator, ValidateNested } from 'class-validator';
import { VALIDATION_OPTIONS } from './body-validation.pipe';
import { compilePlainBodyCheck } from './plain-body-check';

class Flat {
  @IsString()
  name: string;

  @IsOptional()
  @IsInt()
  count?: number;
}

describe('compilePlainBodyCheck', () => {
  const check = compilePlainBodyCheck(Flat, VALIDATION_OPTIONS);
  const dto = (body: object) => Object.assign(new Flat(), body);

  it('runs the decorators: required, optional (absent or null), types, unknown fields', () => {
    expect(check(dto({ name: 'a' }))).toBe(true);
    expect(check(dto({ name: 'a', count: null }))).toBe(true);
    expect(check(dto({ name: 'a', count: 2 }))).toBe(true);
    expect(check(dto({}))).toBe(false);
    expect(check(dto({ name: 'a', count: 1.5 }))).toBe(false);
    expect(check(dto({ name: 'a', other: 1 }))).toBe(false);
  });

  it('refuses at start-up what it cannot run as class-validator does', () => {
    class Nested {
      @ValidateNested()
      child: Flat;
    }
    class Each {
      @IsInt({ each: true })
      ids: number[];
    }
    class Async {
      @IsString()
      name: string;
    }
    registerDecorator({ target: Async, propertyName: 'name', async: true, validator: { validate: () => Promise.resolve(true) } });
    class Empty {}
    expect(() => compilePlainBodyCheck(Nested, VALIDATION_OPTIONS)).toThrow(/nestedValidation validation is not supported/);
    expect(() => compilePlainBodyCheck(Each, VALIDATION_OPTIONS)).toThrow(/"each"/);
    expect(() => compilePlainBodyCheck(Async, VALIDATION_OPTIONS)).toThrow(/async constraint/);
    expect(() => compilePlainBodyCheck(Empty, VALIDATION_OPTIONS)).toThrow(/no validation decorators/);
    expect(() => compilePlainBodyCheck(Flat, { ...VALIDATION_OPTIONS, skipMissingProperties: true })).toThrow(/skipMissingProperties/);
    expect(() => compilePlainBodyCheck(Flat, { ...VALIDATION_OPTIONS, forbidNonWhitelisted: false })).toThrow(/unknown fields/);
  });
});
