import { Module, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { TenantOwnershipRegistry } from '@common/context/tenant-ownership.registry';
import { Paginator } from '@common/http/pagination';
import { CatalogModule } from '@modules/catalog';
import { CouponsModule } from '@modules/coupons';
import { ChangeOrderStatusHandler } from './commands/change-order-status/change-order-status.handler';
import { PlaceOrderHandler } from './commands/place-order/place-order.handler';
import { RecordOrderPaymentHandler } from './commands/record-order-payment/record-order-payment.handler';
import { MerchantOrdersController } from './merchant-orders.controller';
import { GetOrderHandler } from './queries/get-order/get-order.handler';
import { ListOrdersHandler } from './queries/list-orders/list-orders.handler';
import { StorefrontOrdersController } from './storefront-orders.controller';

@Module({
  imports: [CatalogModule, CouponsModule],
  controllers: [StorefrontOrdersController, MerchantOrdersController],
  providers: [PlaceOrderHandler, ChangeOrderStatusHandler, RecordOrderPaymentHandler, GetOrderHandler, ListOrdersHandler, Paginator],
})
export class OrdersModule implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly owners: TenantOwnershipRegistry,
  ) {}

  /** Lets the tenant access guard check `:order` path ids on merchant routes. */
  onModuleInit(): void {
    this.owners.register('order', async (id) => {
      const rows: Array<{ tenant_id: string }> = await this.dataSource.query('SELECT tenant_id FROM orders WHERE id = $1', [id]);
      return rows[0]?.tenant_id ?? null;
    });
  }
}
