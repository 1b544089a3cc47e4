import { applyDecorators, Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiHeader, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { answeredNotModified, STOREFRONT_CACHE_CONTROL } from '@common/http/http-cache';
import { RateLimit } from '@infra/rate-limit/rate-limit.decorator';
import type { StorefrontProductPage, StorefrontProductsView, StorefrontShop, StorefrontShopView } from './domain/storefront-views';
import { StorefrontProductPageResponse, StorefrontProductsQueryDto, StorefrontShopResponse } from './dto/storefront.dto';
import { GetStorefrontShopQuery } from './queries/get-storefront-shop/get-storefront-shop.query';
import { ListStorefrontProductsQuery } from './queries/list-storefront-products/list-storefront-products.query';

const CACHE_HEADERS = {
  ETag: { description: 'A strong validator of this answer: send it back as `If-None-Match`', required: true, schema: { type: 'string' } },
  'Cache-Control': { description: `\`${STOREFRONT_CACHE_CONTROL}\``, required: true, schema: { type: 'string' } },
};

/** The conditional GET every storefront read answers: `If-None-Match`, 304, and the 404 of a shop that is not public. */
const Cacheable = () =>
  applyDecorators(
    ApiParam({ name: 'slug', description: "The shop's slug (any case)", schema: { type: 'string', minLength: 1, maxLength: 255 } }),
    ApiHeader({
      name: 'If-None-Match',
      required: false,
      description: 'The `ETag` of an answer the client holds: 304 without a body while it is still current',
      schema: { type: 'string' },
    }),
    ApiResponse({ status: 304, description: 'The representation the client holds is current (no body)', headers: CACHE_HEADERS }),
    ApiNotFoundResponse({ description: 'No shop has this slug, or it is archived or inactive' }),
    RateLimit('storefront'),
  );

/** The public catalog of a shop (decisions §18): no token, cacheable, counted per client IP. */
@ApiTags('storefront')
@Controller('api/v1/storefront')
export class StorefrontController {
  constructor(private readonly queries: QueryBus) {}

  @Get(':slug')
  @Cacheable()
  @ApiOperation({ summary: "A shop's public profile and its active locations" })
  @ApiOkResponse({ description: 'The shop', type: StorefrontShopResponse, headers: CACHE_HEADERS })
  async showStorefrontShop(
    @Param('slug') slug: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ data: StorefrontShop } | undefined> {
    const view = await this.queries.execute<GetStorefrontShopQuery, StorefrontShopView>(new GetStorefrontShopQuery(slug));
    return answeredNotModified(req, res, view.etag) ? undefined : { data: view.shop };
  }

  @Get(':slug/products')
  @Cacheable()
  @ApiOperation({
    summary: "A page of a shop's active products, by name, with their availability",
    description:
      'Sorted by name (case and accents aside), then id. `q` keeps the products whose name or description holds it, case and ' +
      'accents aside. Availability never tells the units: it is what checkout could still sell (stock less live holds).',
  })
  @ApiOkResponse({ description: 'One page of the products', type: StorefrontProductPageResponse, headers: CACHE_HEADERS })
  async listStorefrontProducts(
    @Param('slug') slug: string,
    @Query() query: StorefrontProductsQueryDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StorefrontProductPage | undefined> {
    const view = await this.queries.execute<ListStorefrontProductsQuery, StorefrontProductsView>(
      new ListStorefrontProductsQuery(slug, { q: query.q, cursor: query.cursor, limit: query.limit }),
    );
    return answeredNotModified(req, res, view.etag) ? undefined : view.page;
  }
}
