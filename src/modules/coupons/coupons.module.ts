import { Module } from '@nestjs/common';
import { CatalogModule } from '@modules/catalog';
import { CouponLedger } from './coupon-ledger';
import { CouponVerificationController } from './coupon-verification.controller';
import { CouponVerificationService } from './coupon-verification.service';
import { MerchantCouponsController } from './merchant/merchant-coupons.controller';
import { MerchantCouponsService } from './merchant/merchant-coupons.service';
import { CouponCatalogCache } from './public-catalog/coupon-catalog.cache';
import { PublicCouponCatalogService } from './public-catalog/public-coupon-catalog.service';
import { PublicCouponsController } from './public-catalog/public-coupons.controller';

/**
 * Coupons: merchant management, the cached public list, and every decision on a code (storefront
 * verification, checkout and order placement all go through CouponLedger).
 */
@Module({
  imports: [CatalogModule],
  controllers: [MerchantCouponsController, PublicCouponsController, CouponVerificationController],
  providers: [MerchantCouponsService, PublicCouponCatalogService, CouponCatalogCache, CouponLedger, CouponVerificationService],
  exports: [MerchantCouponsService, CouponLedger, CouponVerificationService],
})
export class CouponsModule {}
