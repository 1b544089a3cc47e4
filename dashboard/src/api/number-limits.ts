import type { TFunction } from 'i18next';
import type { FormErrors } from './form-errors';

/**
 * The bounds the API document gives a number field (`minimum`, `type: integer`): checked before
 * sending, so that a value the API would refuse is refused at its field in the page's language,
 * never changed into another value (the number inputs do not clamp: `clampBehavior="none"`).
 */
export interface NumberLimit {
  min: number;
  integer?: boolean;
}

/** The message for `value` outside `limit`, or undefined; an empty field is left to the API (required or not). */
export function numberProblem(value: string | number, limit: NumberLimit, t: TFunction): string | undefined {
  if (value === '') return undefined;
  const number = Number(value);
  if (!Number.isFinite(number)) return t('limits.number');
  if (limit.integer && !Number.isInteger(number)) return t('limits.wholeNumber');
  if (number < limit.min) return t('limits.atLeast', { min: limit.min });
  return undefined;
}

/** The messages of every field of `values` outside its limit (none: an empty object). */
export function numberErrors<Field extends string>(
  values: Partial<Record<Field, string | number>>,
  limits: Partial<Record<Field, NumberLimit>>,
  t: TFunction,
): FormErrors<Field> {
  const errors: FormErrors<Field> = {};
  for (const field of Object.keys(limits) as Field[]) {
    const problem = numberProblem(values[field] ?? '', limits[field]!, t);
    if (problem) errors[field] = problem;
  }
  return errors;
}
