import { Controller, Get, Header, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import { RateLimit } from '@infra/rate-limit/rate-limit.decorator';
import { OrderStatusResponse } from './dto/order-status.resource';
import { GetOrderStatusQuery, type OrderStatusView } from './queries/get-order-status/get-order-status.query';

/** The first value of a query parameter a client may send once, several times or as an object. */
function single(value: unknown): string | null {
  const first = Array.isArray(value) ? (value as unknown[])[0] : value;
  return typeof first === 'string' && first.length <= 200 ? first : null;
}

/** An order as its shopper follows it, through the signed link of the order (docs/commerce.md, "The order's status link"). */
@ApiTags('storefront')
@Controller('api/v1/storefront')
export class StorefrontOrderStatusController {
  constructor(private readonly queries: QueryBus) {}

  @Get(':slug/orders/:orderNumber')
  // The public catalog's group (300 a minute per IP, THROTTLE_STOREFRONT).
  @RateLimit('storefront')
  // Per token: no shared cache keeps it.
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({
    summary: "An order's status, lines, totals and history, through its status link (`status_url`; public, no sign-in)",
    description:
      "Nothing of the customer (name, phone, email, address, notes). A wrong or missing token, another shop's order and an order " +
      'that does not exist are all the same 404.',
  })
  @ApiParam({ name: 'slug', description: "The shop's slug (any case)", schema: { type: 'string', minLength: 1, maxLength: 255 } })
  @ApiParam({ name: 'orderNumber', description: "The shop's order number", schema: { type: 'string' } })
  @ApiQuery({ name: 'token', required: true, description: "The token of the order's status link", schema: { type: 'string' } })
  @ApiOkResponse({ description: 'The order as its shopper sees it', type: OrderStatusResponse })
  @ApiNotFoundResponse({ description: 'No such order behind this link (a wrong token, another shop, an unknown number or shop)' })
  async showStorefrontOrderStatus(
    @Param('slug') slug: string,
    @Param('orderNumber') orderNumber: string,
    @Query('token') token: unknown,
  ): Promise<OrderStatusResponse> {
    const view = await this.queries.execute<GetOrderStatusQuery, OrderStatusView>(
      new GetOrderStatusQuery(slug, orderNumber, single(token)),
    );
    // In `data`, as every single resource of the API is.
    return { data: view.order };
  }
}
