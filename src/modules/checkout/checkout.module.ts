import { Module } from '@nestjs/common';
import { CatalogModule } from '@modules/catalog';
import { CouponsModule } from '@modules/coupons';
import { CheckoutSessionStore } from './checkout-session.store';
import { CheckoutController } from './checkout.controller';
import { HoldInventoryHandler } from './commands/hold-inventory/hold-inventory.handler';

@Module({
  imports: [CatalogModule, CouponsModule],
  controllers: [CheckoutController],
  providers: [CheckoutSessionStore, HoldInventoryHandler],
  exports: [CheckoutSessionStore],
})
export class CheckoutModule {}
