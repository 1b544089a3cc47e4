import { Module } from '@nestjs/common';
import { CouponLedgerService } from './coupon-ledger.service';
import { CouponVerificationController } from './coupon-verification.controller';
import { CouponVerificationService } from './coupon-verification.service';

/** Deciding coupons: storefront verification, checkout and order placement all go through here. */
@Module({
  controllers: [CouponVerificationController],
  providers: [CouponLedgerService, CouponVerificationService],
  exports: [CouponLedgerService, CouponVerificationService],
})
export class CouponVerificationModule {}
