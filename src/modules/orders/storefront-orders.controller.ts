import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { OptionalAuth } from '@common/context/auth.decorators';
import { Ctx } from '@common/context/ctx.decorator';
import type { RequestContext } from '@common/context/request-context';
import { Storefront } from '@common/context/storefront.decorator';
import { IdempotencyOf, type IdempotentRequest } from '@infra/idempotency/idempotent-request';
import { Idempotent } from '@infra/idempotency/idempotent.decorator';
import { RateLimit } from '@infra/rate-limit/rate-limit.decorator';
import { PlaceOrderCommand, type PlaceOrderResult } from './commands/place-order/place-order.command';
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
  @Idempotent({ durable: true })
  @ApiOperation({
    summary: "Place an order on a shop's storefront (tenant: body tenant_id, X-Tenant-ID or X-Tenant-Slug)",
    description:
      'Send an `Idempotency-Key` (or `X-Idempotency-Key`, 1-255 characters) to make a retry safe: the first completed answer ' +
      '(status, body, Location) is kept 24 h for that key, this shop and, when signed in, this user. The same key with the same ' +
      'body replays it with `Idempotent-Replayed: true` and places nothing; with a different body it is 422; while the first ' +
      'request still runs it is 409. 422 and 5xx answers are not kept. The key is also kept with the order itself, so a retry ' +
      'is answered from that order even once the kept answer is lost. The 201 body is the order as its transaction committed it.',
  })
  @ApiCreatedResponse({
    description: '{ data: order }',
    headers: {
      Location: { description: '/api/v1/orders/{id}', schema: { type: 'string' } },
      'Idempotent-Replayed': {
        description: '`true` when this is the kept answer of an earlier request with the same key',
        schema: { type: 'string' },
      },
    },
  })
  @ApiUnprocessableEntityResponse({
    description: 'Invalid fields, unknown products, too little stock, rejected coupon, an idempotency key reused with a different body',
  })
  async place(
    @Ctx() ctx: RequestContext,
    @Body() body: PlaceOrderDto,
    @Res({ passthrough: true }) res: Response,
    @IdempotencyOf() idempotency: IdempotentRequest | null,
  ): Promise<{ data: OrderResource }> {
    const tenant = ctx.storefrontTenant();
    // The answer is the committed transaction's own data: nothing read after the commit can fail it.
    const { order, replayed } = await this.commands.execute<PlaceOrderCommand, PlaceOrderResult>(
      new PlaceOrderCommand(tenant.id, body, ctx.user?.id ?? null, idempotency),
    );
    res.setHeader('Location', `/api/v1/orders/${order.id}`);
    // Placed by an earlier request with this key, whose answer the idempotency store had lost.
    if (replayed) res.setHeader('Idempotent-Replayed', 'true');
    return { data: order };
  }
}
