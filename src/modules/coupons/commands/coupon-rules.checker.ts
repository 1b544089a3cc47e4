import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { ValidationFailedError } from '@common/errors/domain.error';
import { isPgError, PG_ERROR } from '@infra/database/pg-errors';
import { inTransaction } from '@infra/database/transaction';
import { CatalogQueries } from '@modules/catalog';
import { crossFieldErrors } from '../domain/coupon-fields';
import type { CouponFields } from '../persistence/coupon-row';

/** The 422s of a coupon write (decisions §4), shared by the create and update commands. */
@Injectable()
export class CouponRulesChecker {
  constructor(private readonly catalog: CatalogQueries) {}

  /**
   * Checks the coupon as it will be after the write. `changed` (on update) limits the look-ups to
   * what the request touches.
   */
  async check(
    manager: EntityManager,
    tenantId: string,
    coupon: CouponFields,
    existing: { id: string; timesUsed: number; changed: Partial<CouponFields> } | null,
  ): Promise<void> {
    const errors = crossFieldErrors(coupon, existing?.timesUsed ?? 0);
    if (!existing || existing.changed.code !== undefined) {
      const taken: unknown[] = await manager.query(
        'SELECT 1 FROM coupons WHERE tenant_id = $1 AND code = $2 AND ($3::uuid IS NULL OR id <> $3::uuid)',
        [tenantId, coupon.code, existing?.id ?? null],
      );
      if (taken.length > 0) errors.code = ['The code has already been taken.'];
    }
    if ((!existing || existing.changed.excluded_product_ids !== undefined) && coupon.excluded_product_ids.length > 0) {
      const known = await this.catalog.existingProductIds(tenantId, coupon.excluded_product_ids);
      coupon.excluded_product_ids.forEach((productId, index) => {
        if (!known.has(productId)) errors[`excluded_product_ids.${index}`] = [`The product ${productId} does not exist in this shop.`];
      });
    }
    if (Object.keys(errors).length > 0) throw new ValidationFailedError(errors);
  }
}

/** Concurrent writers that passed the checks together meet the constraints: same answers, never a 500. */
export async function writeCoupon<T>(dataSource: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  try {
    return await inTransaction(dataSource, work);
  } catch (error) {
    if (isPgError(error, PG_ERROR.uniqueViolation, 'coupons_tenant_code_unique')) {
      throw ValidationFailedError.field('code', 'The code has already been taken.');
    }
    if (isPgError(error, PG_ERROR.checkViolation, 'coupons_usage_within_limit')) {
      throw ValidationFailedError.field('usage_limit', 'The usage_limit may not be lower than the uses so far.');
    }
    throw error;
  }
}
