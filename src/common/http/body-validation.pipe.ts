import { ArgumentMetadata, ValidationPipe, ValidationPipeOptions } from '@nestjs/common';
import { ValidationFailedError } from '@common/errors/domain.error';
import { validationExceptionFactory } from '@common/errors/validation-exception.factory';

/** The validation every route's input gets (decisions §1: unknown fields refused, every field's errors named). */
export const VALIDATION_OPTIONS: ValidationPipeOptions = {
  whitelist: true,
  forbidNonWhitelisted: true,
  transform: true,
  transformOptions: { enableImplicitConversion: false },
  exceptionFactory: validationExceptionFactory,
  stopAtFirstError: false,
};

/**
 * A hand-written test of a flat body that answers true only for bodies the DTO's class-validator
 * rules accept as they are (no field to convert). It may refuse valid bodies: those take the full
 * path, which also words every error.
 */
export type PlainBodyCheck = (body: Readonly<Record<string, unknown>>) => boolean;

const checks = new WeakMap<object, PlainBodyCheck>();

/**
 * On a DTO of a hot route: bodies `check` accepts skip class-transformer and class-validator (about
 * 45 µs a request on the intake, most of what it spends beyond the framework). The check must never
 * accept what the decorators refuse: each such DTO's spec holds its check to class-validator's
 * verdict, and to the same object, over the combinations of valid and invalid values of its fields
 * (`modules/analytics/dto/analytics.dto.spec.ts`).
 */
export function PlainBody(check: PlainBodyCheck): ClassDecorator {
  return (target) => {
    checks.set(target, check);
  };
}

/** The check a DTO declared with `@PlainBody`, if any. */
export function plainBodyCheckOf(metatype: unknown): PlainBodyCheck | undefined {
  return typeof metatype === 'function' ? checks.get(metatype) : undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/**
 * The global pipe: Nest's ValidationPipe with VALIDATION_OPTIONS, except that a body of a DTO with
 * a `@PlainBody` check that accepts it becomes the DTO at once, as class-transformer would make it
 * (an instance with the body's fields).
 */
export class BodyValidationPipe extends ValidationPipe {
  constructor() {
    super(VALIDATION_OPTIONS);
  }

  override transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body') {
      // Every body DTO is an object: class-validator would validate an array's items as nothing at all.
      if (Array.isArray(value) && this.toValidate(metadata)) {
        return Promise.reject(ValidationFailedError.field('body', 'The request body must be a JSON object.'));
      }
      const check = plainBodyCheckOf(metadata.metatype);
      if (check && isPlainObject(value) && check(value)) {
        return Promise.resolve(Object.assign(new (metadata.metatype as new () => object)(), value));
      }
    }
    return super.transform(value, metadata) as Promise<unknown>;
  }
}
