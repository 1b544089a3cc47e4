import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { afterCommit } from '@infra/database/transaction';
import { CouponCatalogCache } from '@modules/coupons/coupon-catalog.cache';
import { fieldsToCreate } from '@modules/coupons/domain/coupon-fields';
import { COUPON_COLUMNS, CouponRow, toCouponResource } from '@modules/coupons/persistence/coupon-row';
import type { CouponResource } from '@modules/coupons/dto/merchant-coupon.dto';
import { CouponRulesChecker, writeCoupon } from '../coupon-rules.checker';
import { CreateCouponCommand } from './create-coupon.command';

/** A new coupon of the shop; the public list is dropped from the cache once it has committed. */
@CommandHandler(CreateCouponCommand)
export class CreateCouponHandler implements ICommandHandler<CreateCouponCommand, CouponResource> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly rules: CouponRulesChecker,
    private readonly cache: CouponCatalogCache,
  ) {}

  async execute({ tenantId, input }: CreateCouponCommand): Promise<CouponResource> {
    const fields = fieldsToCreate(input);
    return writeCoupon(this.dataSource, async (manager) => {
      await this.rules.check(manager, tenantId, fields, null);
      const rows: CouponRow[] = await manager.query(
        `INSERT INTO coupons (tenant_id, code, coupon_type, value, min_spend, max_discount, starts_at, expires_at, usage_limit,
                              per_customer_limit, is_active, is_public, excluded_product_ids, excluded_category_ids)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::int[], $14::int[])
         RETURNING ${COUPON_COLUMNS}`,
        [
          tenantId,
          fields.code,
          fields.coupon_type,
          fields.value,
          fields.min_spend,
          fields.max_discount,
          fields.starts_at,
          fields.expires_at,
          fields.usage_limit,
          fields.per_customer_limit,
          fields.is_active,
          fields.is_public,
          fields.excluded_product_ids,
          fields.excluded_category_ids,
        ],
      );
      await afterCommit(manager, () => this.cache.invalidate(tenantId));
      return toCouponResource(rows[0]);
    });
  }
}
