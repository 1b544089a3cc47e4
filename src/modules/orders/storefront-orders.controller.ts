import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { OptionalAuth } from '@common/context/auth.decorators';
import { Ctx } from '@common/context/ctx.decorator';
import type { RequestContext } from '@common/context/request-context';
import { Storefront } from '@common/context/storefront.decorator';
import { RateLimit } from '@infra/rate-limit/rate-limit.decorator';
import { PlaceOrderCommand } from './commands/place-order/place-order.command';
import { PlaceOrderDto } from './dto/place-order.dto';
import type { OrderResource } from './dto/order.resource';

@ApiTags('orders')
@Controller('api/v1/orders')
export class StorefrontOrdersController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(201)
  @RateLimit('api.transactions')
  @OptionalAuth()
  @Storefront({
    from: 'body-or-headers',
    unknown: { status: 422, message: 'The shop could not be identified: send tenant_id, X-Tenant-ID or X-Tenant-Slug.' },
  })
  @ApiOperation({ summary: "Place an order on a shop's storefront (tenant: body tenant_id, X-Tenant-ID or X-Tenant-Slug)" })
  @ApiCreatedResponse({ description: '{ data: order }' })
  @ApiUnprocessableEntityResponse({ description: 'Invalid fields, unknown products, too little stock, rejected coupon' })
  async place(
    @Ctx() ctx: RequestContext,
    @Body() body: PlaceOrderDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ data: OrderResource }> {
    const tenant = ctx.storefrontTenant();
    // The answer is the committed transaction's own data: nothing read after the commit can fail it.
    const order = await this.commands.execute<PlaceOrderCommand, OrderResource>(
      new PlaceOrderCommand(tenant.id, body, ctx.user?.id ?? null),
    );
    res.setHeader('Location', `/api/v1/orders/${order.id}`);
    return { data: order };
  }
}
