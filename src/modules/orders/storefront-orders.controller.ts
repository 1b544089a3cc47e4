import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ValidationFailedError } from '@common/errors/domain.error';
import { OptionalAuth } from '@common/auth/auth.decorators';
import { RateLimit } from '@infra/rate-limit/rate-limit.decorator';
import { StorefrontTenantResolver } from '@modules/storefront/storefront-tenant.resolver';
import { PlaceOrderCommand } from './commands/place-order/place-order.command';
import { PlaceOrderDto } from './dto/place-order.dto';
import { OrderReadService, OrderResource } from './queries/order-read.service';

@ApiTags('orders')
@Controller('api/v1/orders')
export class StorefrontOrdersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: OrderReadService,
    private readonly tenants: StorefrontTenantResolver,
  ) {}

  @Post()
  @HttpCode(201)
  @RateLimit('api.transactions')
  @OptionalAuth()
  @ApiOperation({ summary: "Place an order on a shop's storefront (tenant: body tenant_id, X-Tenant-ID or X-Tenant-Slug)" })
  @ApiCreatedResponse({ description: '{ data: order }' })
  @ApiUnprocessableEntityResponse({ description: 'Invalid fields, unknown products, too little stock, rejected coupon' })
  async place(
    @Body() body: PlaceOrderDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ data: OrderResource }> {
    const tenant = await this.tenants.resolve(req, body.tenant_id);
    if (!tenant?.isPublic) {
      throw ValidationFailedError.field('tenant_id', 'The shop could not be identified: send tenant_id, X-Tenant-ID or X-Tenant-Slug.');
    }
    const orderId = await this.commands.execute<PlaceOrderCommand, number>(new PlaceOrderCommand(tenant.id, body, req.user?.id ?? null));
    const order = (await this.reads.findOne(tenant.id, orderId))!;
    res.setHeader('Location', `/api/v1/orders/${orderId}`);
    return { data: order };
  }
}
