import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { afterCommit } from '@infra/database/transaction';
import { updateSet } from '@infra/database/update-set';
import { CouponCatalogCache } from '@modules/coupons/coupon-catalog.cache';
import { fieldsToChange } from '@modules/coupons/domain/coupon-fields';
import { COUPON_COLUMNS, CouponRow, storedFields, toCouponResource } from '@modules/coupons/persistence/coupon-row';
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
    private readonly rules: CouponRulesChecker,
    private readonly cache: CouponCatalogCache,
  ) {}

  async execute({ tenantId, couponId, input }: UpdateCouponCommand): Promise<CouponResource> {
    return writeCoupon(this.dataSource, async (manager) => {
      const rows: CouponRow[] = await manager.query(`SELECT ${COUPON_COLUMNS} FROM coupons WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [
        tenantId,
        couponId,
      ]);
      const current = rows[0];
      if (!current) throw new CouponNotFoundError();
      const changed = fieldsToChange(current, input);
      await this.rules.check(
        manager,
        tenantId,
        { ...storedFields(current), ...changed },
        { id: couponId, timesUsed: current.times_used, changed },
      );
      const { assignments, parameters } = updateSet(changed, 3);
      const [updated]: [CouponRow[], number] = await manager.query(
        `UPDATE coupons SET ${assignments} WHERE tenant_id = $1 AND id = $2 RETURNING ${COUPON_COLUMNS}`,
        [tenantId, couponId, ...parameters],
      );
      await afterCommit(manager, () => this.cache.invalidate(tenantId));
      return toCouponResource(updated[0]);
    });
  }
}
