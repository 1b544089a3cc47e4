import { applyDecorators } from '@nestjs/common';
import { Max, Min, ValidateBy, ValidationOptions } from 'class-validator';
import { decimalPlaces } from './money';

/** The largest amount a numeric(12,2) column holds is 9,999,999,999.99; no shop needs more than this. */
export const MAX_MONEY = 99_999_999.99;

/**
 * A finite JSON number with at most two decimals, counted on the number itself: class-validator's
 * `IsNumber({ maxDecimalPlaces: 2 })` counts the digits after a "." of its text and so takes
 * `1e-7` (no "."), which PostgreSQL then rounds or a check refuses (decisions §16: 422, never 500).
 * Its constraint keeps the name `isNumber`, and its default message class-validator's.
 */
export const IsTwoDecimalNumber = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isNumber',
      validator: {
        validate: (value: unknown) => typeof value === 'number' && Number.isFinite(value) && decimalPlaces(value) <= 2,
        defaultMessage: () => '$property must be a number conforming to the specified constraints',
      },
    },
    options,
  );

/**
 * A JSON number of money: at least 0, at most two decimals (never rounded silently), within
 * MAX_MONEY. Strings such as "19.90" are refused: the API speaks numbers.
 */
export const IsMoney = () =>
  applyDecorators(
    IsTwoDecimalNumber({ message: 'The $property must be a number with at most two decimals.' }),
    Min(0, { message: 'The $property must be at least 0.' }),
    Max(MAX_MONEY, { message: `The $property may not be greater than ${MAX_MONEY}.` }),
  );
