import { Module } from '@nestjs/common';
import { CatalogModule } from '@modules/catalog';
import { CouponsModule } from '@modules/coupons';
import { CheckoutController } from './checkout.controller';
import { ApplyCouponHandler } from './commands/apply-coupon/apply-coupon.handler';
import { HoldInventoryHandler } from './commands/hold-inventory/hold-inventory.handler';
import { ReleaseInventoryHandler } from './commands/release-inventory/release-inventory.handler';
import { RemoveCouponHandler } from './commands/remove-coupon/remove-coupon.handler';
import { SyncCartHandler } from './commands/sync-cart/sync-cart.handler';
import { CheckoutSessionStore } from './sessions/checkout-session.store';

@Module({
  imports: [CatalogModule, CouponsModule],
  controllers: [CheckoutController],
  providers: [
    CheckoutSessionStore,
    HoldInventoryHandler,
    ReleaseInventoryHandler,
    ApplyCouponHandler,
    RemoveCouponHandler,
    SyncCartHandler,
  ],
})
export class CheckoutModule {}
