import { applyDecorators } from '@nestjs/common';
import { IsNumber, Max, Min } from 'class-validator';

/** The largest amount a numeric(12,2) column holds is 9,999,999,999.99; no shop needs more than this. */
export const MAX_MONEY = 99_999_999.99;

/**
 * A JSON number of money: at least 0, at most two decimals (never rounded silently), within
 * MAX_MONEY. Strings such as "19.90" are refused: the API speaks numbers.
 */
export const IsMoney = () =>
  applyDecorators(
    IsNumber(
      { maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false },
      { message: 'The $property must be a number with at most two decimals.' },
    ),
    Min(0, { message: 'The $property must be at least 0.' }),
    Max(MAX_MONEY, { message: `The $property may not be greater than ${MAX_MONEY}.` }),
  );
