import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { centsToNumber, toCents } from '@common/money/money';
import { CachedPublicCoupon, CouponCatalogCache } from '@modules/coupons/coupon-catalog.cache';
import type { CouponType } from '@modules/coupons/domain/coupon-evaluation';
import { CouponsRepository } from '@modules/coupons/persistence/coupons.repository';
import type { PublicCoupon } from '@modules/coupons/dto/public-coupon.resource';
import { ListPublicCouponsQuery } from './list-public-coupons.query';

/**
 * GET /api/v1/coupons: a shop's active, public, currently valid coupons. The cache holds every
 * active public coupon with uses left that has not expired yet, with its window; the window is
 * applied on every read, so a coupon starts and stops being listed on time whatever the cache's
 * age. Usage and edits change the list only through `CouponCatalogCache.invalidate`.
 */
@QueryHandler(ListPublicCouponsQuery)
export class ListPublicCouponsHandler implements IQueryHandler<ListPublicCouponsQuery, PublicCoupon[]> {
  constructor(
    private readonly coupons: CouponsRepository,
    private readonly cache: CouponCatalogCache,
  ) {}

  async execute({ tenantId }: ListPublicCouponsQuery): Promise<PublicCoupon[]> {
    const now = Date.now();
    const candidates = await this.cache.getOrLoad(tenantId, () => this.load(tenantId));
    return candidates
      .filter(
        (coupon) =>
          (!coupon.starts_at || Date.parse(coupon.starts_at) <= now) && (!coupon.expires_at || Date.parse(coupon.expires_at) > now),
      )
      .map((coupon) => ({
        code: coupon.code,
        coupon_type: coupon.coupon_type as CouponType,
        value: coupon.value,
        min_spend: coupon.min_spend,
        expires_at: coupon.expires_at,
      }));
  }

  private async load(tenantId: string): Promise<CachedPublicCoupon[]> {
    const rows = await this.coupons.publicCandidates(tenantId);
    return rows.map((row) => ({
      code: row.code,
      coupon_type: row.coupon_type,
      value: centsToNumber(toCents(row.value)),
      min_spend: row.min_spend === null ? null : centsToNumber(toCents(row.min_spend)),
      starts_at: row.starts_at?.toISOString() ?? null,
      expires_at: row.expires_at?.toISOString() ?? null,
    }));
  }
}
