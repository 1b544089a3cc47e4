import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { afterCommit, inTransaction } from '@infra/database/transaction';
import { CouponCatalogCache } from '@modules/coupons/coupon-catalog.cache';
import { CouponNotFoundError } from '@modules/coupons/domain/coupons.errors';
import { CouponsRepository } from '@modules/coupons/persistence/coupons.repository';
import { DeleteCouponCommand } from './delete-coupon.command';

/** Orders keep the code they were placed with; the public list is dropped once the delete has committed. */
@CommandHandler(DeleteCouponCommand)
export class DeleteCouponHandler implements ICommandHandler<DeleteCouponCommand, void> {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly coupons: CouponsRepository,
    private readonly cache: CouponCatalogCache,
  ) {}

  async execute({ tenantId, couponId }: DeleteCouponCommand): Promise<void> {
    await inTransaction(this.dataSource, async (manager) => {
      if (!(await this.coupons.delete(manager, tenantId, couponId))) throw new CouponNotFoundError();
      await afterCommit(manager, () => this.cache.invalidate(tenantId));
    });
  }
}
