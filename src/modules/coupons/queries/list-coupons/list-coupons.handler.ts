import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { PageSlice } from '@common/http/pagination';
import { epochMicros, listTotal, timestampOfMicros } from '@infra/database/list-counts';
import { COUPON_COLUMNS, CouponRow, toCouponResource } from '@modules/coupons/persistence/coupon-row';
import type { CouponResource } from '@modules/coupons/dto/merchant-coupon.dto';
import { CountCouponsQuery, ListCouponsQuery } from './list-coupons.query';

const SELECT = `SELECT ${COUPON_COLUMNS}, ${epochMicros('created_at')} AS sort_key FROM coupons`;
const ORDER = 'created_at DESC, id DESC';

/** The shop's coupons, newest first, off coupons_tenant_created_idx. */
@QueryHandler(ListCouponsQuery)
export class ListCouponsHandler implements IQueryHandler<ListCouponsQuery, PageSlice<CouponResource>> {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async execute({ tenantId, window }: ListCouponsQuery): Promise<PageSlice<CouponResource>> {
    // The page's ids first, off coupons_tenant_created_idx alone (index-only); then only those rows.
    const ids =
      window.kind === 'after'
        ? {
            sql: `SELECT id FROM coupons WHERE tenant_id = $1 AND (created_at, id) < (${timestampOfMicros('$2')}, $3::uuid) ORDER BY ${ORDER} LIMIT $4`,
            params: [tenantId, ...window.key, window.limit],
          }
        : {
            sql: `SELECT id FROM coupons WHERE tenant_id = $1 ORDER BY ${window.backward ? 'created_at, id' : ORDER} LIMIT $2 OFFSET $3`,
            params: [tenantId, window.limit, window.offset],
          };
    const rows: Array<CouponRow & { sort_key: string }> = await this.dataSource.query(
      `WITH page AS MATERIALIZED (${ids.sql}) ${SELECT} WHERE id IN (SELECT id FROM page) ORDER BY ${ORDER}`,
      ids.params,
    );
    return { data: rows.map(toCouponResource), keys: rows.map((row) => [row.sort_key, row.id]) };
  }
}

@QueryHandler(CountCouponsQuery)
export class CountCouponsHandler implements IQueryHandler<CountCouponsQuery, number> {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  execute({ tenantId }: CountCouponsQuery): Promise<number> {
    return listTotal(this.dataSource, 'coupons', tenantId);
  }
}
