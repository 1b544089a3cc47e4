import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { COUPON_COLUMNS, CouponRow, toCouponResource } from '@modules/coupons/persistence/coupon-row';
import { CouponNotFoundError } from '@modules/coupons/domain/coupons.errors';
import type { CouponResource } from '@modules/coupons/dto/merchant-coupon.dto';
import { GetCouponQuery } from './get-coupon.query';

@QueryHandler(GetCouponQuery)
export class GetCouponHandler implements IQueryHandler<GetCouponQuery, CouponResource> {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async execute({ tenantId, couponId }: GetCouponQuery): Promise<CouponResource> {
    const rows: CouponRow[] = await this.dataSource.query(`SELECT ${COUPON_COLUMNS} FROM coupons WHERE tenant_id = $1 AND id = $2`, [
      tenantId,
      couponId,
    ]);
    if (!rows[0]) throw new CouponNotFoundError();
    return toCouponResource(rows[0]);
  }
}
