import { Module } from '@nestjs/common';
import { MerchantCouponsController } from './merchant/merchant-coupons.controller';
import { MerchantCouponsService } from './merchant/merchant-coupons.service';
import { CouponCatalogCache } from './public-catalog/coupon-catalog.cache';
import { PublicCouponCatalogService } from './public-catalog/public-coupon-catalog.service';
import { PublicCouponsController } from './public-catalog/public-coupons.controller';

/**
 * Managing coupons (merchant CRUD) and the public list of a shop's coupons with its cache. Whatever
 * else changes whether a coupon is listed (order placement using up a coupon) calls
 * `CouponCatalogCache.invalidate(tenantId)` after committing.
 */
@Module({
  controllers: [MerchantCouponsController, PublicCouponsController],
  providers: [MerchantCouponsService, PublicCouponCatalogService, CouponCatalogCache],
  exports: [MerchantCouponsService, CouponCatalogCache],
})
export class CouponsModule {}
