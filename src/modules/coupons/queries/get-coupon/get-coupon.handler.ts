import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { CouponNotFoundError } from '@modules/coupons/domain/coupons.errors';
import type { CouponResource } from '@modules/coupons/dto/merchant-coupon.dto';
import { CouponsRepository } from '@modules/coupons/persistence/coupons.repository';
import { toCouponResource } from '@modules/coupons/persistence/coupons.rows';
import { GetCouponQuery } from './get-coupon.query';

@QueryHandler(GetCouponQuery)
export class GetCouponHandler implements IQueryHandler<GetCouponQuery, CouponResource> {
  constructor(private readonly coupons: CouponsRepository) {}

  async execute({ tenantId, couponId }: GetCouponQuery): Promise<CouponResource> {
    const row = await this.coupons.findById(tenantId, couponId);
    if (!row) throw new CouponNotFoundError();
    return toCouponResource(row);
  }
}
