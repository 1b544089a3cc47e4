import { ValidationFailedError } from '@common/errors/domain.error';
import { isPgError, PG_ERROR } from '@infra/database/pg-errors';

/**
 * The constraint errors of `coupons`, read as the answers they mean: concurrent writers that passed
 * the checks together meet the constraints, and get the checks' answers, never a 500.
 */
export function asCouponConstraintError(error: unknown): unknown {
  if (isPgError(error, PG_ERROR.uniqueViolation, 'coupons_tenant_code_unique')) {
    return ValidationFailedError.field('code', 'The code has already been taken.');
  }
  if (isPgError(error, PG_ERROR.checkViolation, 'coupons_usage_within_limit')) {
    return ValidationFailedError.field('usage_limit', 'The usage_limit may not be lower than the uses so far.');
  }
  return error;
}
