import { ArgumentMetadata, ValidationPipe, ValidationPipeOptions } from '@nestjs/common';
import { ValidationFailedError } from '@common/errors/domain.error';
import { validationExceptionFactory } from '@common/errors/validation-exception.factory';
import { compilePlainBodyCheck, PlainBodyCheck } from './plain-body-check';

/** The validation every route's input gets (decisions §1: unknown fields refused, every field's errors named). */
export const VALIDATION_OPTIONS: ValidationPipeOptions = {
  whitelist: true,
  forbidNonWhitelisted: true,
  transform: true,
  transformOptions: { enableImplicitConversion: false },
  exceptionFactory: validationExceptionFactory,
  stopAtFirstError: false,
};

const checks = new WeakMap<object, PlainBodyCheck>();

/**
 * On a DTO of a hot route: a body the DTO's own class-validator rules accept as it is skips
 * class-transformer and class-validator (about 45 µs a request on the intake, most of what it
 * spends beyond the framework). The check is compiled here, at start-up, from the DTO's decorators
 * (`compilePlainBodyCheck`): there is no second statement of the rules to keep in step. A body it
 * refuses takes the full path, which words every error, so every answer is the full path's;
 * `modules/analytics/dto/analytics.dto.spec.ts` feeds both paths one hostile corpus to hold that.
 */
export function PlainBody(): ClassDecorator {
  return (target) => {
    checks.set(target, compilePlainBodyCheck(target as unknown as new () => object, VALIDATION_OPTIONS));
  };
}

/** The check compiled for a DTO with `@PlainBody`, if any. */
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
 * a `@PlainBody` check becomes the DTO at once when the check accepts it: an instance with the
 * body's fields, as class-transformer makes it, which the check validates as class-validator would.
 * The full path also deletes `__proto__`, `prototype` and `constructor` keys at any depth first;
 * this one needs not: no such key reaches a pipe (`refuseHostileJsonBodies` answers 422 for it).
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
      if (check && isPlainObject(value)) {
        const dto = Object.assign(new (metadata.metatype as new () => object)(), value);
        if (check(dto)) return Promise.resolve(dto);
      }
    }
    return super.transform(value, metadata) as Promise<unknown>;
  }
}
