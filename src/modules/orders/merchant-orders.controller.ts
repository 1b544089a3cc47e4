import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Query, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Authenticated } from '@common/auth/auth.decorators';
import { NotFoundError } from '@common/errors/domain.error';
import { paginate, Paginated } from '@common/http/pagination';
import { ConfigService } from '@nestjs/config';
import { Env } from '@config/env.validation';
import { ChangeOrderStatusCommand } from './commands/change-order-status/change-order-status.command';
import { ChangeOrderStatusDto, ListOrdersQueryDto } from './dto/order-queries.dto';
import { ORDERS_PER_PAGE, OrderReadService, OrderResource } from './queries/order-read.service';
import { TenantOwnershipGuard } from './tenant-ownership.guard';

/** The merchant's view of the orders of their own shop (tenant.ownership on every route). */
@ApiTags('orders')
@Authenticated()
@UseGuards(TenantOwnershipGuard)
@Controller('api/v1/orders')
export class MerchantOrdersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: OrderReadService,
    private readonly config: ConfigService<Env, true>,
  ) {}

  @Get()
  @ApiOperation({ summary: "List the shop's orders, newest first, 20 a page" })
  async list(@Query() query: ListOrdersQueryDto, @Req() req: Request): Promise<Paginated<OrderResource>> {
    const tenantId = req.user!.tenantId!;
    const page = query.page ?? 1;
    const { orders, total } = await this.reads.list(tenantId, query.status, page);
    return paginate(orders, total, page, ORDERS_PER_PAGE, {
      baseUrl: this.config.get('APP_URL', { infer: true }),
      path: '/api/v1/orders',
      query: { status: query.status },
    });
  }

  @Get(':order')
  @ApiOperation({ summary: 'One order of the shop' })
  @ApiOkResponse({ description: '{ data: order }' })
  @ApiNotFoundResponse({ description: 'No such order in this shop' })
  async show(@Param('order') orderId: string, @Req() req: Request): Promise<{ data: OrderResource }> {
    return { data: await this.load(req.user!.tenantId!, Number(orderId)) };
  }

  @Patch(':order/status')
  @ApiOperation({ summary: 'Move the order along pending → confirmed → processing → ready → delivered, or cancel it' })
  async changeStatus(
    @Param('order') orderId: string,
    @Body() body: ChangeOrderStatusDto,
    @Req() req: Request,
  ): Promise<{ data: OrderResource }> {
    const tenantId = req.user!.tenantId!;
    await this.commands.execute(new ChangeOrderStatusCommand(tenantId, Number(orderId), body.status, req.user!.id));
    return { data: await this.load(tenantId, Number(orderId)) };
  }

  @Delete(':order')
  @HttpCode(204)
  @ApiOperation({ summary: 'Cancel the order (stock is returned)' })
  @ApiNoContentResponse()
  async cancel(@Param('order') orderId: string, @Req() req: Request): Promise<void> {
    await this.commands.execute(new ChangeOrderStatusCommand(req.user!.tenantId!, Number(orderId), 'cancelled', req.user!.id));
  }

  private async load(tenantId: string, orderId: number): Promise<OrderResource> {
    const order = await this.reads.findOne(tenantId, orderId);
    if (!order) throw new NotFoundError('Order not found.');
    return order;
  }
}
