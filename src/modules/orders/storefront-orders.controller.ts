import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiConflictResponse, ApiCreatedResponse, ApiHeader, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { OptionalAuth } from '@common/context/auth.decorators';
import { Ctx } from '@common/context/ctx.decorator';
import type { RequestContext } from '@common/context/request-context';
import { Storefront } from '@common/context/storefront.decorator';
import { ERROR_SCHEMA } from '@common/http/api-docs';
import { IdempotencyOf, type IdempotentRequest } from '@infra/idempotency/idempotent-request';
import { Idempotent } from '@infra/idempotency/idempotent.decorator';
import { RateLimit } from '@infra/rate-limit/rate-limit.decorator';
import { PlaceOrderCommand, type PlaceOrderResult } from './commands/place-order/place-order.command';
import { PlaceOrderDto } from './dto/place-order.dto';
import { OrderResponse } from './dto/order.resource';

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
  // Above @Idempotent: this one describes every 409 of the route.
  @ApiConflictResponse({
    description:
      'The order would cost another total than `expected_total` (`code: price_changed`, with the current `total`; nothing was ' +
      'placed), or the answer kept for this idempotency key can no longer be read',
    schema: {
      allOf: [
        ERROR_SCHEMA,
        {
          type: 'object',
          properties: {
            code: { type: 'string', example: 'price_changed' },
            total: { type: 'number', minimum: 0, description: 'With `price_changed`: the total the order has now' },
          },
        },
      ],
    },
  })
  @Idempotent({ durable: true })
  @ApiOperation({
    summary: "Place an order on a shop's storefront (tenant: body tenant_id, X-Tenant-ID or X-Tenant-Slug)",
    description:
      'Send an `Idempotency-Key` (or `X-Idempotency-Key`, 1-255 characters) to make a retry safe: the first completed answer ' +
      '(status, body, Location) is kept 24 h for that key, this shop and, when signed in, this user. The same key with the same ' +
      'body replays it with `Idempotent-Replayed: true` and places nothing; with a different body it is 422. 422 and 5xx ' +
      'answers are not kept. The key is also kept with the order itself, so a retry is answered from that order even once the ' +
      'kept answer is lost, while the first request still runs (it waits for that order), and while the kept answers are ' +
      'unavailable: one order per key, never a 409 for the key. The 201 body is the order as its transaction committed it.',
  })
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description: 'Makes a retry safe (1-255 characters): see the description of the operation',
    schema: { type: 'string', minLength: 1, maxLength: 255 },
  })
  @ApiHeader({
    name: 'X-Idempotency-Key',
    required: false,
    description: 'The same as `Idempotency-Key` (1-255 characters), for clients that send that name',
    schema: { type: 'string', minLength: 1, maxLength: 255 },
  })
  @ApiCreatedResponse({
    description: 'The order, as its transaction committed it',
    type: OrderResponse,
    headers: {
      Location: { description: '/api/v1/orders/{id}', required: true, schema: { type: 'string' } },
      'Idempotent-Replayed': {
        description: '`true` when this is the kept answer of an earlier request with the same key',
        schema: { type: 'string' },
      },
    },
  })
  @ApiUnprocessableEntityResponse({
    description:
      'Invalid fields, an unknown shop (`errors.tenant_id`), unknown or inactive products, too little stock, a rejected coupon, ' +
      'a payment method the shop does not accept (`errors.payment_method`), ' +
      'amounts too large, an idempotency key out of bounds or reused with a different body',
  })
  async placeOrder(
    @Ctx() ctx: RequestContext,
    @Body() body: PlaceOrderDto,
    @Res({ passthrough: true }) res: Response,
    @IdempotencyOf() idempotency: IdempotentRequest | null,
  ): Promise<OrderResponse> {
    const tenant = ctx.storefrontTenant();
    // The answer is the committed transaction's own data: nothing read after the commit can fail it.
    const { order, replayed } = await this.commands.execute<PlaceOrderCommand, PlaceOrderResult>(
      new PlaceOrderCommand(tenant.id, body, ctx.user?.id ?? null, idempotency, tenant.slug),
    );
    res.setHeader('Location', `/api/v1/orders/${order.id}`);
    // Placed by an earlier request with this key, whose answer the idempotency store had lost.
    if (replayed) res.setHeader('Idempotent-Replayed', 'true');
    return { data: order };
  }
}
