import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { PageSlice } from '@common/http/pagination';
import type { CouponResource } from '@modules/coupons/dto/merchant-coupon.dto';
import { CouponsRepository } from '@modules/coupons/persistence/coupons.repository';
import { toCouponResource } from '@modules/coupons/persistence/coupons.rows';
import { CountCouponsQuery, ListCouponsQuery } from './list-coupons.query';

/** The shop's coupons, newest first, off coupons_tenant_created_idx. */
@QueryHandler(ListCouponsQuery)
export class ListCouponsHandler implements IQueryHandler<ListCouponsQuery, PageSlice<CouponResource>> {
  constructor(private readonly coupons: CouponsRepository) {}

  async execute({ tenantId, window }: ListCouponsQuery): Promise<PageSlice<CouponResource>> {
    const rows = await this.coupons.page(tenantId, window);
    return { data: rows.map(toCouponResource), keys: rows.map((row) => [row.sort_key, row.id]) };
  }
}

@QueryHandler(CountCouponsQuery)
export class CountCouponsHandler implements IQueryHandler<CountCouponsQuery, number> {
  constructor(private readonly coupons: CouponsRepository) {}

  execute({ tenantId }: CountCouponsQuery): Promise<number> {
    return this.coupons.count(tenantId);
  }
}
