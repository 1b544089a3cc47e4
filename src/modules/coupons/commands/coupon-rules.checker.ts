import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { ValidationFailedError } from '@common/errors/domain.error';
import { inTransaction } from '@infra/database/transaction';
import { CatalogQueries } from '@modules/catalog';
import { crossFieldErrors } from '../domain/coupon-fields';
import { asCouponConstraintError } from '../persistence/constraint-errors';
import { CouponsRepository } from '../persistence/coupons.repository';
import type { CouponFields } from '../persistence/coupons.rows';

/** The 422s of a coupon write (decisions §4), shared by the create and update commands. */
@Injectable()
export class CouponRulesChecker {
  constructor(
    private readonly catalog: CatalogQueries,
    private readonly coupons: CouponsRepository,
  ) {}

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
      if (await this.coupons.codeTaken(manager, tenantId, coupon.code, existing?.id ?? null))
        errors.code = ['The code has already been taken.'];
    }
    if ((!existing || existing.changed.excluded_product_ids !== undefined) && coupon.excluded_product_ids.length > 0) {
      const known = await this.catalog.existingProductIds(tenantId, coupon.excluded_product_ids);
      coupon.excluded_product_ids.forEach((productId, index) => {
        if (!known.has(productId)) errors[`excluded_product_ids.${index}`] = [`The product ${productId} does not exist in this shop.`];
      });
    }
    if ((!existing || existing.changed.excluded_category_ids !== undefined) && coupon.excluded_category_ids.length > 0) {
      const known = await this.catalog.existingCategoryIds(tenantId, coupon.excluded_category_ids);
      coupon.excluded_category_ids.forEach((categoryId, index) => {
        if (!known.has(categoryId)) errors[`excluded_category_ids.${index}`] = [`The category ${categoryId} does not exist in this shop.`];
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
    throw asCouponConstraintError(error);
  }
}
