import { Module } from '@nestjs/common';
import { tenantOwnedRows } from '@common/context/tenant-ownership.registry';
import { Paginator } from '@common/http/pagination';
import { CatalogModule } from '@modules/catalog';
import { CouponRulesChecker } from './commands/coupon-rules.checker';
import { CreateCouponHandler } from './commands/create-coupon/create-coupon.handler';
import { DeleteCouponHandler } from './commands/delete-coupon/delete-coupon.handler';
import { UpdateCouponHandler } from './commands/update-coupon/update-coupon.handler';
import { CouponCatalogCache } from './coupon-catalog.cache';
import { CouponLedger } from './coupon-ledger';
import { CouponVerificationController } from './coupon-verification.controller';
import { CouponVerificationService } from './coupon-verification.service';
import { MerchantCouponsController } from './merchant-coupons.controller';
import { CouponsRepository } from './persistence/coupons.repository';
import { PublicCouponsController } from './public-coupons.controller';
import { GetCouponHandler } from './queries/get-coupon/get-coupon.handler';
import { CountCouponsHandler, ListCouponsHandler } from './queries/list-coupons/list-coupons.handler';
import { ListPublicCouponsHandler } from './queries/list-public-coupons/list-public-coupons.handler';
import { VerifyCouponHandler } from './queries/verify-coupon/verify-coupon.handler';

/**
 * Coupons: merchant management, the cached public list, and every decision on a code (storefront
 * verification, checkout and order placement all go through CouponLedger).
 */
@Module({
  imports: [CatalogModule],
  controllers: [MerchantCouponsController, PublicCouponsController, CouponVerificationController],
  providers: [
    CreateCouponHandler,
    UpdateCouponHandler,
    DeleteCouponHandler,
    CouponRulesChecker,
    ListCouponsHandler,
    CountCouponsHandler,
    GetCouponHandler,
    ListPublicCouponsHandler,
    VerifyCouponHandler,
    CouponsRepository,
    CouponCatalogCache,
    tenantOwnedRows('coupon', CouponsRepository),
    CouponLedger,
    CouponVerificationService,
    Paginator,
  ],
  exports: [CouponLedger, CouponVerificationService],
})
export class CouponsModule {}
