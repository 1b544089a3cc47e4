import { Module } from '@nestjs/common';
import { CatalogModule } from '@modules/catalog';
import { CouponsModule } from '@modules/coupons';
import { ChangeOrderStatusHandler } from './commands/change-order-status/change-order-status.handler';
import { PlaceOrderHandler } from './commands/place-order/place-order.handler';
import { MerchantOrdersController } from './merchant-orders.controller';
import { OrderReadService } from './queries/order-read.service';
import { StorefrontOrdersController } from './storefront-orders.controller';

@Module({
  imports: [CatalogModule, CouponsModule],
  controllers: [StorefrontOrdersController, MerchantOrdersController],
  providers: [PlaceOrderHandler, ChangeOrderStatusHandler, OrderReadService],
  exports: [OrderReadService],
})
export class OrdersModule {}
