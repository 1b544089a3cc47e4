import { applyDecorators, Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiHeader, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { isAnsweredUnavailable } from '@common/errors/dependency-unavailable';
import { answeredNotModified, STOREFRONT_CACHE_CONTROL } from '@common/http/http-cache';
import { RateLimit } from '@infra/rate-limit/rate-limit.decorator';
import { searchKey } from '@modules/catalog';
import { CatalogCopies, type CatalogRead } from './catalog-copies';
import type { StorefrontCategoriesView, StorefrontProductsView, StorefrontShopView } from './domain/storefront-views';
import {
  StorefrontCategoryListResponse,
  StorefrontProductPageResponse,
  StorefrontProductsQueryDto,
  StorefrontShopResponse,
} from './dto/storefront.dto';
import { ListStorefrontCategoriesQuery } from './queries/list-storefront-categories/list-storefront-categories.query';
import { GetStorefrontShopQuery } from './queries/get-storefront-shop/get-storefront-shop.query';
import { STOREFRONT_PRODUCTS_DEFAULT_LIMIT } from './queries/list-storefront-products/list-storefront-products.handler';
import { ListStorefrontProductsQuery } from './queries/list-storefront-products/list-storefront-products.query';

const CACHE_HEADERS = {
  ETag: { description: 'A strong validator of this answer: send it back as `If-None-Match`', required: true, schema: { type: 'string' } },
  'Cache-Control': { description: `\`${STOREFRONT_CACHE_CONTROL}\``, required: true, schema: { type: 'string' } },
  Age: {
    description:
      'On an answer served from memory: the seconds since it was read (under `CATALOG_FRESH_SECONDS`; up to `STALE_IF_ERROR_SECONDS` for the last good copy answered while the database is unavailable)',
    required: false,
    schema: { type: 'integer', minimum: 0 },
  },
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

/** The public catalog of a shop (docs/storefront.md): no token, cacheable, served from memory, counted per client IP. */
@ApiTags('storefront')
@Controller('api/v1/storefront')
export class StorefrontController {
  constructor(
    private readonly queries: QueryBus,
    private readonly copies: CatalogCopies,
  ) {}

  @Get(':slug')
  @Cacheable()
  @ApiOperation({ summary: "A shop's public profile, its contact details and its active locations" })
  @ApiOkResponse({ description: 'The shop', type: StorefrontShopResponse, headers: CACHE_HEADERS })
  async showStorefrontShop(
    @Param('slug') slug: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string | undefined> {
    return this.answer(
      JSON.stringify(['shop', slug.toLowerCase()]),
      async () => {
        const view = await this.queries.execute<GetStorefrontShopQuery, StorefrontShopView>(new GetStorefrontShopQuery(slug));
        return { json: JSON.stringify({ data: view.shop }), etag: view.etag, tenantId: view.tenantId, nextKey: null };
      },
      req,
      res,
    );
  }

  @Get(':slug/categories')
  @Cacheable()
  @ApiOperation({
    summary: "A shop's categories that hold at least one active product",
    description:
      'In the order the shop gave them, each with its number of active products. Pass a `slug` as `category` to the product list.',
  })
  @ApiOkResponse({ description: 'The categories', type: StorefrontCategoryListResponse, headers: CACHE_HEADERS })
  async listStorefrontCategories(
    @Param('slug') slug: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string | undefined> {
    return this.answer(
      JSON.stringify(['categories', slug.toLowerCase()]),
      async () => {
        const view = await this.queries.execute<ListStorefrontCategoriesQuery, StorefrontCategoriesView>(
          new ListStorefrontCategoriesQuery(slug),
        );
        return { json: JSON.stringify({ data: view.categories }), etag: view.etag, tenantId: view.tenantId, nextKey: null };
      },
      req,
      res,
    );
  }

  @Get(':slug/products')
  @Cacheable()
  @ApiOperation({
    summary: "A page of a shop's active products, by name, with their availability",
    description:
      'Sorted by name (case and accents aside), then id. `q` keeps the products whose name or description holds it, case and ' +
      'accents aside; `category` keeps those of the category with that slug (an unknown slug: none). Availability never tells the units: it is what checkout could still sell (stock less live holds), ' +
      'as read at most `CATALOG_FRESH_SECONDS` (10 s) before the answer.',
  })
  @ApiOkResponse({ description: 'One page of the products', type: StorefrontProductPageResponse, headers: CACHE_HEADERS })
  async listStorefrontProducts(
    @Param('slug') slug: string,
    @Query() query: StorefrontProductsQueryDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string | undefined> {
    // Keyed by what the answer shows: the search in the catalog's own form, the limit it applies.
    const search = query.q === undefined ? null : searchKey(query.q) || null;
    const limit = query.limit ?? STOREFRONT_PRODUCTS_DEFAULT_LIMIT;
    const category = query.category === undefined ? [] : [query.category];
    const keyOf = (cursor: string | null) => JSON.stringify(['products', slug.toLowerCase(), search, cursor, limit, ...category]);
    return this.answer(
      keyOf(query.cursor ?? null),
      async () => {
        const view = await this.queries.execute<ListStorefrontProductsQuery, StorefrontProductsView>(
          new ListStorefrontProductsQuery(slug, { q: query.q, category: query.category, cursor: query.cursor, limit: query.limit }),
        );
        const next = view.page.next_cursor;
        return { json: JSON.stringify(view.page), etag: view.etag, tenantId: view.tenantId, nextKey: next ? keyOf(next) : null };
      },
      req,
      res,
      query.cursor !== undefined,
    );
  }

  /**
   * The answer from memory while it is fresh, else read now and kept; while PostgreSQL is
   * unavailable, the last good copy. Sent as the JSON text kept, never parsed again; an answer
   * from memory says its `Age` (docs/storefront.md, "Served from memory").
   */
  private async answer(
    key: string,
    fetch: () => Promise<CatalogRead>,
    req: Request,
    res: Response,
    keepOnlyIfIssued = false,
  ): Promise<string | undefined> {
    const { copy, from } = await this.copies.read(key, fetch, isAnsweredUnavailable, keepOnlyIfIssued);
    if (from !== 'database') res.setHeader('Age', String(Math.max(0, Math.floor((Date.now() - copy.storedAt) / 1000))));
    if (answeredNotModified(req, res, copy.etag)) return undefined;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    return copy.json;
  }
}
