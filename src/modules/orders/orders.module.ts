import { MerchantOverviewController } from './merchant-overview.controller';
import { OrderStatsRepository } from './persistence/order-stats.repository';
import { GetOverviewHandler } from './queries/get-overview/get-overview.handler';
import { Module } from '@nestjs/common';
import { tenantOwnedRows } from '@common/context/tenant-ownership.registry';
import { Paginator } from '@common/http/pagination';
import { CatalogModule } from '@modules/catalog';
import { CouponsModule } from '@modules/coupons';
import { ChangeOrderStatusHandler } from './commands/change-order-status/change-order-status.handler';
import { MarkOrderPaidHandler } from './commands/mark-order-paid/mark-order-paid.handler';
import { PlaceOrderHandler } from './commands/place-order/place-order.handler';
import { RecordOrderPaymentHandler } from './commands/record-order-payment/record-order-payment.handler';
import { MerchantOrdersController } from './merchant-orders.controller';
import { OrdersExportRepository } from './persistence/orders-export.repository';
import { OrdersRepository } from './persistence/orders.repository';
import { PlacedOrdersRepository } from './persistence/placed-orders.repository';
import { FindOrderTotalHandler } from './queries/find-order-total/find-order-total.handler';
import { GetOrderHandler } from './queries/get-order/get-order.handler';
import {
  CountOrdersHandler,
  CountSearchOrdersHandler,
  ListOrdersHandler,
  SearchOrdersHandler,
} from './queries/list-orders/list-orders.handler';
import { GetOrderStatusHandler } from './queries/get-order-status/get-order-status.handler';
import { OrderStatusLinks } from './services/order-status-links';
import { StorefrontOrderStatusController } from './storefront-order-status.controller';
import { StorefrontOrdersController } from './storefront-orders.controller';

@Module({
  imports: [CatalogModule, CouponsModule],
  controllers: [StorefrontOrdersController, StorefrontOrderStatusController, MerchantOrdersController, MerchantOverviewController],
  providers: [
    PlaceOrderHandler,
    PlacedOrdersRepository,
    ChangeOrderStatusHandler,
    RecordOrderPaymentHandler,
    MarkOrderPaidHandler,
    GetOrderHandler,
    GetOrderStatusHandler,
    OrderStatusLinks,
    FindOrderTotalHandler,
    ListOrdersHandler,
    CountOrdersHandler,
    SearchOrdersHandler,
    CountSearchOrdersHandler,
    Paginator,
    OrdersExportRepository,
    OrdersRepository,
    OrderStatsRepository,
    GetOverviewHandler,
    tenantOwnedRows('order', OrdersRepository),
  ],
  exports: [OrdersExportRepository],
})
export class OrdersModule {}
