import { ValidateIf } from 'class-validator';

/**
 * The field may be left out, but when sent it must be valid: unlike `@IsOptional()`, `null` is
 * validated (and refused) instead of skipped. For optional fields whose column is NOT NULL.
 */
export const OptionalNonNull = () => ValidateIf((_object: object, value: unknown) => value !== undefined);
