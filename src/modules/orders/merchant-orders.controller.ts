import { Body, Controller, Delete, Get, HttpCode, Patch, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Ctx } from '@common/context/ctx.decorator';
import type { RequestContext } from '@common/context/request-context';
import { MerchantArea } from '@common/context/tenant-access.guard';
import { ApiRemoved, ApiShow } from '@common/http/api-docs';
import { asData } from '@common/http/data-envelope';
import { IntegerIdParam } from '@common/http/id-params';
import { CursorField, Paginated, PageSlice, Paginator } from '@common/http/pagination';
import { ChangeOrderStatusCommand } from './commands/change-order-status/change-order-status.command';
import { ORDER_NOT_FOUND } from './domain/orders.errors';
import { ChangeOrderStatusDto, ListOrdersQueryDto } from './dto/order-queries.dto';
import type { OrderResource } from './dto/order.resource';
import { GetOrderQuery } from './queries/get-order/get-order.query';
import { CountOrdersQuery, ListOrdersQuery, ORDERS_PER_PAGE } from './queries/list-orders/list-orders.query';

/** created_at (microseconds), id: the list's order. */
const ORDER_SORT_KEY: readonly CursorField[] = ['timestamp', 'int'];

const OrderId = () => IntegerIdParam('order', ORDER_NOT_FOUND);

/** The merchant's view of the orders of their own shop (tenant.ownership on every route). */
@ApiTags('orders')
@MerchantArea({ param: 'order', resource: 'order', id: 'integer', notFound: ORDER_NOT_FOUND })
@Controller('api/v1/orders')
export class MerchantOrdersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly paginator: Paginator,
  ) {}

  @Get()
  @ApiOperation({ summary: "List the shop's orders, newest first, 20 a page (`page`, or `cursor` to scroll)" })
  async list(@Ctx() ctx: RequestContext, @Query() query: ListOrdersQueryDto): Promise<Paginated<OrderResource>> {
    const tenantId = ctx.merchantTenantId;
    return this.paginator.page(
      {
        path: '/api/v1/orders',
        page: query.page,
        cursor: query.cursor,
        perPage: ORDERS_PER_PAGE,
        key: ORDER_SORT_KEY,
        query: { status: query.status },
      },
      {
        total: () => this.queries.execute<CountOrdersQuery, number>(new CountOrdersQuery(tenantId, query.status)),
        rows: (window) =>
          this.queries.execute<ListOrdersQuery, PageSlice<OrderResource>>(new ListOrdersQuery(tenantId, query.status, window)),
      },
    );
  }

  @Get(':order')
  @ApiShow('{ data: order }', { summary: 'One order of the shop', notFound: 'No such order in this shop' })
  async show(@Ctx() ctx: RequestContext, @OrderId() orderId: number): Promise<{ data: OrderResource }> {
    return asData(this.load(ctx.merchantTenantId, orderId));
  }

  @Patch(':order/status')
  @ApiOperation({ summary: 'Move the order along pending → confirmed → processing → ready → delivered, or cancel it' })
  async changeStatus(
    @Ctx() ctx: RequestContext,
    @OrderId() orderId: number,
    @Body() body: ChangeOrderStatusDto,
  ): Promise<{ data: OrderResource }> {
    await this.commands.execute(new ChangeOrderStatusCommand(ctx.merchantTenantId, orderId, body.status, ctx.principal.id));
    return asData(this.load(ctx.merchantTenantId, orderId));
  }

  @Delete(':order')
  @HttpCode(204)
  @ApiRemoved({ summary: 'Cancel the order (stock is returned)' })
  async cancel(@Ctx() ctx: RequestContext, @OrderId() orderId: number): Promise<void> {
    await this.commands.execute(new ChangeOrderStatusCommand(ctx.merchantTenantId, orderId, 'cancelled', ctx.principal.id));
  }

  private load(tenantId: string, orderId: number): Promise<OrderResource> {
    return this.queries.execute<GetOrderQuery, OrderResource>(new GetOrderQuery(tenantId, orderId));
  }
}
