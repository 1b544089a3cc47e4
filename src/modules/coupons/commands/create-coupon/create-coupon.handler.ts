import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { afterCommit } from '@infra/database/transaction';
import { CouponCatalogCache } from '@modules/coupons/coupon-catalog.cache';
import { fieldsToCreate } from '@modules/coupons/domain/coupon-fields';
import { CouponsRepository } from '@modules/coupons/persistence/coupons.repository';
import { toCouponResource } from '@modules/coupons/persistence/coupons.rows';
import type { CouponResource } from '@modules/coupons/dto/merchant-coupon.dto';
import { CouponRulesChecker, writeCoupon } from '../coupon-rules.checker';
import { CreateCouponCommand } from './create-coupon.command';

/** A new coupon of the shop; the public list is dropped from the cache once it has committed. */
@CommandHandler(CreateCouponCommand)
export class CreateCouponHandler implements ICommandHandler<CreateCouponCommand, CouponResource> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly coupons: CouponsRepository,
    private readonly rules: CouponRulesChecker,
    private readonly cache: CouponCatalogCache,
  ) {}

  async execute({ tenantId, input }: CreateCouponCommand): Promise<CouponResource> {
    const fields = fieldsToCreate(input);
    return writeCoupon(this.dataSource, async (manager) => {
      await this.rules.check(manager, tenantId, fields, null);
      const row = await this.coupons.insert(manager, tenantId, fields);
      await afterCommit(manager, () => this.cache.invalidate(tenantId));
      return toCouponResource(row);
    });
  }
}
