import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { PageSlice } from '@common/http/pagination';
import { COUPON_COLUMNS, CouponRow, toCouponResource } from '@modules/coupons/domain/coupon-row';
import type { CouponResource } from '@modules/coupons/dto/merchant-coupon.dto';
import { COUPONS_PER_PAGE, ListCouponsQuery } from './list-coupons.query';

@QueryHandler(ListCouponsQuery)
export class ListCouponsHandler implements IQueryHandler<ListCouponsQuery, PageSlice<CouponResource>> {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async execute({ tenantId, page }: ListCouponsQuery): Promise<PageSlice<CouponResource>> {
    const rows: Array<CouponRow & { total: string }> = await this.dataSource.query(
      `SELECT ${COUPON_COLUMNS}, count(*) OVER () AS total FROM coupons WHERE tenant_id = $1
        ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
      [tenantId, COUPONS_PER_PAGE, (page - 1) * COUPONS_PER_PAGE],
    );
    // A page past the end has no row to carry the window count.
    const total = rows[0]
      ? Number(rows[0].total)
      : Number((await this.dataSource.query('SELECT count(*) AS total FROM coupons WHERE tenant_id = $1', [tenantId]))[0].total);
    return { data: rows.map(toCouponResource), total };
  }
}
