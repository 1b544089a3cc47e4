import { Body, Controller, Delete, Get, HttpCode, Patch, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { Ctx } from '@common/context/ctx.decorator';
import type { RequestContext } from '@common/context/request-context';
import { MerchantArea } from '@common/context/tenant-access.guard';
import { ApiPage, ApiRemoved, ApiShow, ApiUpdated, PAGE_INVALID } from '@common/http/api-docs';
import { asData } from '@common/http/data-envelope';
import { IntegerIdParam } from '@common/http/id-params';
import { CursorField, forwardWindow, Paginated, PageSlice, Paginator } from '@common/http/pagination';
import { ChangeOrderStatusCommand } from './commands/change-order-status/change-order-status.command';
import { MarkOrderPaidCommand } from './commands/mark-order-paid/mark-order-paid.command';
import { SEARCH_COUNT_LIMIT } from './domain/order-search';
import { ORDER_NOT_FOUND } from './domain/orders.errors';
import { ChangeOrderStatusDto, ListOrdersQueryDto, MarkOrderPaidDto } from './dto/order-queries.dto';
import { OrderDetailResource, OrderDetailResponse, OrderResource } from './dto/order.resource';
import { GetOrderQuery } from './queries/get-order/get-order.query';
import {
  CountOrdersQuery,
  CountSearchOrdersQuery,
  ListOrdersQuery,
  ORDERS_PER_PAGE,
  SearchOrdersQuery,
} from './queries/list-orders/list-orders.query';

/** created_at (microseconds), id: the list's order. */
const ORDER_SORT_KEY: readonly CursorField[] = ['timestamp', 'int'];

const OrderId = () => IntegerIdParam('order', ORDER_NOT_FOUND);

const ONE_ORDER = {
  param: { name: 'order', description: 'The order id', schema: { type: 'integer' as const, minimum: 1 } },
  notFound: 'No such order in this shop (also an id that is not a positive integer)',
};

const TRANSITION_REFUSED = 'A move back, or any change of a delivered or cancelled order (`errors.status`)';

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
  @ApiPage(OrderResource, {
    summary: "List the shop's orders, newest first, 20 a page (`page`, or `cursor` to scroll)",
    description:
      'With `status`, only the orders in that status. With `search`, only the orders whose number is the term, or whose customer ' +
      `name or phone holds it; \`meta.total\` then counts the matches up to ${SEARCH_COUNT_LIMIT} (that many or more at the bound).`,
    invalid: `A status that is not one of the order statuses, a search that is empty once trimmed or longer than 100 characters, or ${PAGE_INVALID}`,
  })
  async listMerchantOrders(@Ctx() ctx: RequestContext, @Query() query: ListOrdersQueryDto): Promise<Paginated<OrderResource>> {
    const tenantId = ctx.merchantTenantId;
    const { status, search } = query;
    const request = {
      path: '/api/v1/orders',
      page: query.page,
      cursor: query.cursor,
      perPage: ORDERS_PER_PAGE,
      key: ORDER_SORT_KEY,
      query: { status, search },
    };
    if (search !== undefined) {
      let matches = 0;
      return this.paginator.page(request, {
        total: async () =>
          (matches = await this.queries.execute<CountSearchOrdersQuery, number>(new CountSearchOrdersQuery(tenantId, status, search))),
        rows: (window) =>
          this.queries.execute<SearchOrdersQuery, PageSlice<OrderResource>>(
            new SearchOrdersQuery(tenantId, status, search, forwardWindow(window, matches)),
          ),
      });
    }
    return this.paginator.page(request, {
      total: () => this.queries.execute<CountOrdersQuery, number>(new CountOrdersQuery(tenantId, status)),
      rows: (window) => this.queries.execute<ListOrdersQuery, PageSlice<OrderResource>>(new ListOrdersQuery(tenantId, status, window)),
    });
  }

  @Get(':order')
  @ApiShow(OrderDetailResponse, {
    ...ONE_ORDER,
    summary: 'One order of the shop, with its lines, its history (`events`) and the statuses it may move to now',
  })
  async showOrder(@Ctx() ctx: RequestContext, @OrderId() orderId: number): Promise<OrderDetailResponse> {
    return asData(this.load(ctx.merchantTenantId, orderId));
  }

  @Patch(':order/status')
  @ApiUpdated(OrderDetailResponse, {
    ...ONE_ORDER,
    summary: 'Move the order along pending → confirmed → processing → ready → delivered, or cancel it',
    description:
      'Steps may be skipped; delivered and cancelled are final. Asking for the current status again changes nothing. ' +
      'Cancelling returns the stock. The answer is the order as it now is.',
    invalid: TRANSITION_REFUSED,
  })
  async changeOrderStatus(
    @Ctx() ctx: RequestContext,
    @OrderId() orderId: number,
    @Body() body: ChangeOrderStatusDto,
  ): Promise<OrderDetailResponse> {
    await this.commands.execute(new ChangeOrderStatusCommand(ctx.merchantTenantId, orderId, body.status, ctx.principal.id));
    return asData(this.load(ctx.merchantTenantId, orderId));
  }

  @Patch(':order/payment')
  @ApiUpdated(OrderDetailResponse, {
    ...ONE_ORDER,
    summary: 'Record that the order was paid (cash received, a transfer arrived)',
    description:
      'Sets `payment_status` to paid, stamps `paid_at` and adds a `paid` event. An order already paid is answered as it is, ' +
      'unchanged. The answer is the order as it now is.',
    invalid: '`payment_status` is not `paid`',
  })
  async markOrderPaid(
    @Ctx() ctx: RequestContext,
    @OrderId() orderId: number,
    @Body() _body: MarkOrderPaidDto,
  ): Promise<OrderDetailResponse> {
    await this.commands.execute(new MarkOrderPaidCommand(ctx.merchantTenantId, orderId, ctx.principal.id));
    return asData(this.load(ctx.merchantTenantId, orderId));
  }

  @Delete(':order')
  @HttpCode(204)
  @ApiRemoved({ ...ONE_ORDER, summary: 'Cancel the order (stock is returned)', invalid: 'The order is delivered (final)' })
  async cancelOrder(@Ctx() ctx: RequestContext, @OrderId() orderId: number): Promise<void> {
    await this.commands.execute(new ChangeOrderStatusCommand(ctx.merchantTenantId, orderId, 'cancelled', ctx.principal.id));
  }

  private load(tenantId: string, orderId: number): Promise<OrderDetailResource> {
    return this.queries.execute<GetOrderQuery, OrderDetailResource>(new GetOrderQuery(tenantId, orderId));
  }
}
