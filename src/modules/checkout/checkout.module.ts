import { Module } from '@nestjs/common';
import { CouponVerificationModule } from '@modules/coupons/coupon-verification.module';
import { CheckoutSessionStore } from './checkout-session.store';
import { CheckoutController } from './checkout.controller';
import { HoldInventoryHandler } from './commands/hold-inventory/hold-inventory.handler';

@Module({
  imports: [CouponVerificationModule],
  controllers: [CheckoutController],
  providers: [CheckoutSessionStore, HoldInventoryHandler],
  exports: [CheckoutSessionStore],
})
export class CheckoutModule {}
