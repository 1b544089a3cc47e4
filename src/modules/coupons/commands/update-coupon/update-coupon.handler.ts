import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { afterCommit } from '@infra/database/transaction';
import { CouponCatalogCache } from '@modules/coupons/coupon-catalog.cache';
import { fieldsToChange } from '@modules/coupons/domain/coupon-fields';
import { CouponsRepository } from '@modules/coupons/persistence/coupons.repository';
import { storedFields, toCouponResource } from '@modules/coupons/persistence/coupons.rows';
import { CouponNotFoundError } from '@modules/coupons/domain/coupons.errors';
import type { CouponResource } from '@modules/coupons/dto/merchant-coupon.dto';
import { CouponRulesChecker, writeCoupon } from '../coupon-rules.checker';
import { UpdateCouponCommand } from './update-coupon.command';

/**
 * Changes the fields sent, under the coupon row's lock so the rules are checked against what is
 * stored (times_used included). The public list is dropped from the cache once it has committed.
 */
@CommandHandler(UpdateCouponCommand)
export class UpdateCouponHandler implements ICommandHandler<UpdateCouponCommand, CouponResource> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly coupons: CouponsRepository,
    private readonly rules: CouponRulesChecker,
    private readonly cache: CouponCatalogCache,
  ) {}

  async execute({ tenantId, couponId, input }: UpdateCouponCommand): Promise<CouponResource> {
    return writeCoupon(this.dataSource, async (manager) => {
      const current = await this.coupons.lockById(manager, tenantId, couponId);
      if (!current) throw new CouponNotFoundError();
      const changed = fieldsToChange(current, input);
      await this.rules.check(
        manager,
        tenantId,
        { ...storedFields(current), ...changed },
        { id: couponId, timesUsed: current.times_used, changed },
      );
      const updated = await this.coupons.update(manager, tenantId, couponId, changed);
      await afterCommit(manager, () => this.cache.invalidate(tenantId));
      return toCouponResource(updated);
    });
  }
}
