import { ConfigService } from '@nestjs/config';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { centsToNumber, toCents } from '@common/money/money';
import type { Env } from '@config/env.schema';
import type { OverviewResource } from '@modules/orders/dto/overview.dto';
import { OrderStatsRepository } from '@modules/orders/persistence/order-stats.repository';
import { GetOverviewQuery } from './get-overview.query';

const TOP_PRODUCTS = 5;

const money = (decimal: string) => centsToNumber(toCents(decimal));

/**
 * The merchant overview from the rollups the order transactions keep (`order_stats`) and the
 * status counters (`list_counts`): three reads of bounded size, whatever the shop's order count.
 */
@QueryHandler(GetOverviewQuery)
export class GetOverviewHandler implements IQueryHandler<GetOverviewQuery, OverviewResource> {
  constructor(
    private readonly stats: OrderStatsRepository,
    private readonly config: ConfigService<Env, true>,
  ) {}

  async execute({ tenantId, timeZone }: GetOverviewQuery): Promise<OverviewResource> {
    const [daily, top, pending] = await Promise.all([
      this.stats.daily(tenantId, timeZone),
      this.stats.topProducts(tenantId, timeZone, TOP_PRODUCTS),
      this.stats.pending(tenantId),
    ]);
    const days = daily.map((day) => ({ date: day.date, orders: Number(day.orders), sales: money(day.sales) }));
    const today = days[days.length - 1];
    return {
      currency: this.config.get('APP_CURRENCY', { infer: true }),
      today: { orders: today.orders, sales: today.sales },
      pending_orders: pending,
      daily: days,
      top_products: top.map((row) => ({
        product_id: row.product_id,
        name: row.name,
        quantity: Number(row.quantity),
        sales: money(row.sales),
      })),
    };
  }
}
