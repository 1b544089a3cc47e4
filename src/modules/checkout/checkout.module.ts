import { Module } from '@nestjs/common';
import { CatalogModule } from '@modules/catalog';
import { CouponsModule } from '@modules/coupons';
import { CheckoutController } from './checkout.controller';
import { HoldInventoryHandler } from './commands/hold-inventory/hold-inventory.handler';
import { CheckoutSessionStore } from './sessions/checkout-session.store';

@Module({
  imports: [CatalogModule, CouponsModule],
  controllers: [CheckoutController],
  providers: [CheckoutSessionStore, HoldInventoryHandler],
})
export class CheckoutModule {}
