import { applyDecorators } from '@nestjs/common';
import { IsInt, Max, Min } from 'class-validator';
import { MAX_INTEGER_ID } from './resource-ids';

export interface DbIntOptions {
  /** Smallest accepted value; 1 (an id, a quantity) unless given. */
  min?: number;
  /** Largest accepted value, never above what an int4 column holds (the default). */
  max?: number;
  /** Validates each element of an array instead. */
  each?: boolean;
}

/**
 * A JSON integer an `integer` (int4) column can hold: ids, quantities, counts, limits, pages. A
 * larger one would otherwise reach PostgreSQL and fail there as a 500 (decisions §1); here it is a
 * 422 on the field. Strings such as "12" are refused: the API speaks numbers (query fields convert
 * first, with `@Type(() => Number)`).
 */
export function IsDbInt(options: DbIntOptions = {}): PropertyDecorator {
  const { min = 1, max = MAX_INTEGER_ID, each = false } = options;
  if (max > MAX_INTEGER_ID) throw new Error(`IsDbInt: ${max} does not fit an integer column`);
  const subject = each ? 'Each value of the $property' : 'The $property';
  return applyDecorators(
    IsInt({ each, message: `${subject} must be an integer.` }),
    Min(min, { each, message: `${subject} must be at least ${min}.` }),
    Max(max, { each, message: `${subject} may not be greater than ${max}.` }),
  );
}
