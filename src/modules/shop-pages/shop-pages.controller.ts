import { Controller, Get, Headers, Param, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiQuery,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { RateLimit } from '@infra/rate-limit/rate-limit.decorator';
import { type Language, pickLanguage } from '@modules/shop-pages/i18n/shop-texts';
import {
  type OrderStatusPage,
  ShowOrderStatusPageQuery,
} from '@modules/shop-pages/queries/show-order-status-page/show-order-status-page.query';
import { ShowProductPageQuery } from '@modules/shop-pages/queries/show-product-page/show-product-page.query';
import { ShowShopPageQuery, type ShopPageKind } from '@modules/shop-pages/queries/show-shop-page/show-shop-page.query';
import { acceptsGzip, matchesEntityTag, type RenderedPage } from '@modules/shop-pages/rendering/page-cache';

/**
 * As strict as the dashboard's: script, style and fetch from this origin only, nothing inline (the
 * JSON blocks are data, which script-src does not govern); product images from any https host.
 */
export const SHOP_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' https: data:",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The catalog API's caching (decisions §18): a change shows within 30 s. */
const PAGE_CACHE_CONTROL = 'public, max-age=30, stale-while-revalidate=300';
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
// The catalog refuses a longer search (decisions §18); a longer one is cut, never an error.
const MAX_SEARCH = 100;
// A catalog cursor holds a product's name (up to 255 characters, 4 bytes each in UTF-8) in base64url, and the signature.
const MAX_CURSOR = 2048;
// A category's slug is at most 140 characters; a longer value is cut, as the search is.
const MAX_CATEGORY = 140;
// A status token is 32 characters; anything much longer is no token.
const MAX_TOKEN = 200;
// A product page's last segment: the product's id, then optionally `-` and its name.
const PRODUCT_SEGMENT = /^([1-9][0-9]{0,9})(?:-.*)?$/s;
const MAX_PRODUCT_ID = 2_147_483_647;

const HTML_PAGE = { description: 'The page (HTML)', content: { 'text/html': { schema: { type: 'string' } } } };
const NOT_FOUND_PAGE = {
  description: 'Unknown, archived or inactive shop: a page saying so (HTML)',
  content: { 'text/html': { schema: { type: 'string' } } },
};

const UNAVAILABLE_PAGE = {
  status: 503,
  description: 'PostgreSQL or Redis is unavailable: a page saying to try again soon, in the page language (HTML)',
  content: { 'text/html': { schema: { type: 'string' } } },
  headers: {
    'Retry-After': { description: 'Seconds to wait before trying again', required: true, schema: { type: 'integer', minimum: 0 } },
  },
};

const LOWER_CASE_REDIRECT = {
  status: 301,
  description: 'The slug written with capitals: the same page at its lower-case address (`Location`)',
  headers: { Location: { description: 'The lower-case address', schema: { type: 'string' } } },
};

/** The first value of a query parameter a client may send once, several times or as an object. */
function single(value: unknown, max: number): string | null {
  const first = Array.isArray(value) ? (value as unknown[])[0] : value;
  if (typeof first !== 'string') return null;
  const trimmed = first.trim();
  return trimmed ? trimmed.slice(0, max) : null;
}

/** The shop's hosted pages (storefront.md): server-rendered HTML, cached, with the cart and checkout added by a small script. */
@ApiTags('storefront pages')
// The public catalog's group (docs/storefront.md: 300 a minute per IP, THROTTLE_STOREFRONT).
@RateLimit('storefront')
@Controller('s')
export class ShopPagesController {
  constructor(private readonly queries: QueryBus) {}

  @Get(':slug')
  @ApiOperation({
    summary: "The shop's page: its heading, search, products and cart",
    description:
      'Server-rendered; browsing and search (`q`) work without JavaScript. The language follows `Accept-Language` (Spanish by default). ' +
      'Cached as the catalog API is (`ETag`, `Cache-Control: public, max-age=30, stale-while-revalidate=300`).',
  })
  @ApiProduces('text/html')
  @ApiQuery({
    name: 'q',
    required: false,
    description: 'Search: name and description, ignoring case and accents',
    schema: { type: 'string' },
  })
  @ApiQuery({
    name: 'cursor',
    required: false,
    description: 'A later page of products (from the "More products" link)',
    schema: { type: 'string' },
  })
  @ApiQuery({
    name: 'category',
    required: false,
    description: "Only the products of the category with this slug (the page's category links); one the shop has not: no products",
    schema: { type: 'string' },
  })
  @ApiHeader({ name: 'Accept-Language', required: false, description: 'Spanish unless English is preferred' })
  @ApiOkResponse(HTML_PAGE)
  @ApiResponse({ status: 304, description: 'Not modified (`If-None-Match` names the current ETag)' })
  @ApiNotFoundResponse(NOT_FOUND_PAGE)
  @ApiResponse(UNAVAILABLE_PAGE)
  @ApiResponse(LOWER_CASE_REDIRECT)
  async showShopPage(
    @Param('slug') slug: string,
    @Query('q') q: unknown,
    @Query('cursor') cursor: unknown,
    @Query('category') category: unknown,
    @Headers('accept-language') acceptLanguage: string | undefined,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Headers('accept-encoding') acceptEncoding: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    await this.answer(
      'shop',
      slug,
      { acceptLanguage, ifNoneMatch, acceptEncoding },
      res,
      single(q, MAX_SEARCH),
      single(cursor, MAX_CURSOR),
      single(category, MAX_CATEGORY),
    );
  }

  @Get(':slug/checkout')
  @ApiOperation({
    summary: "The shop's checkout page (the form; the script fills it from the cart and places the order)",
    description: 'After the order is placed, the same page shows the confirmation: "Gracias" / "Thank you" and the order number.',
  })
  @ApiProduces('text/html')
  @ApiHeader({ name: 'Accept-Language', required: false, description: 'Spanish unless English is preferred' })
  @ApiOkResponse(HTML_PAGE)
  @ApiResponse({ status: 304, description: 'Not modified (`If-None-Match` names the current ETag)' })
  @ApiNotFoundResponse(NOT_FOUND_PAGE)
  @ApiResponse(UNAVAILABLE_PAGE)
  @ApiResponse(LOWER_CASE_REDIRECT)
  async showCheckoutPage(
    @Param('slug') slug: string,
    @Headers('accept-language') acceptLanguage: string | undefined,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Headers('accept-encoding') acceptEncoding: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    await this.answer('checkout', slug, { acceptLanguage, ifNoneMatch, acceptEncoding }, res);
  }

  @Get(':slug/orders/:orderNumber')
  @ApiOperation({
    summary: "An order's status page, opened by its status link (`status_url`)",
    description:
      "The order's status, history (in the shop's time zone), lines and totals, payment method (with the transfer details while " +
      "unpaid), branch and the shop's contact; nothing of the customer. Never cached for others (`Cache-Control: private, no-cache`), " +
      "never indexed. A wrong or missing token, another shop's order or an unknown one: the same 404 page.",
  })
  @ApiProduces('text/html')
  @ApiQuery({ name: 'token', required: true, description: "The token of the order's status link", schema: { type: 'string' } })
  @ApiHeader({ name: 'Accept-Language', required: false, description: 'Spanish unless English is preferred' })
  @ApiOkResponse(HTML_PAGE)
  @ApiNotFoundResponse({
    description: 'No order behind this link (a wrong token, another shop, an unknown number or shop): a page saying so (HTML)',
    content: { 'text/html': { schema: { type: 'string' } } },
  })
  @ApiResponse(UNAVAILABLE_PAGE)
  async showOrderStatusPage(
    @Param('slug') slug: string,
    @Param('orderNumber') orderNumber: string,
    @Query('token') token: unknown,
    @Headers('accept-language') acceptLanguage: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const language = pickLanguage(acceptLanguage);
    const page = await this.queries.execute<ShowOrderStatusPageQuery, OrderStatusPage>(
      new ShowOrderStatusPageQuery(slug.slice(0, 255), orderNumber, single(token, MAX_TOKEN), language),
    );
    res.setHeader('Content-Security-Policy', SHOP_PAGE_CSP);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('X-Frame-Options', 'DENY');
    // The address holds the token: no link followed from the page sends it on.
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    res.setHeader('Content-Language', language);
    res.setHeader('Vary', 'Accept-Language');
    // Kept by no shared cache, and revalidated by the browser each time. (`no-store` was tried:
    // Chromium then kept a connection of an open status page busy, and a graceful shutdown waited
    // for the tab to close: docs/storefront.md, "Confirmation and the order's status page".)
    res.setHeader('Cache-Control', 'private, no-cache');
    res.status(page.status).type('text/html; charset=utf-8').send(page.html);
  }

  @Get(':slug/p/:product')
  @ApiOperation({
    summary: 'A product\'s page: its name, price, availability, description, image and "Add to cart"',
    description:
      'Server-rendered like the shop page, with the same cart and caching. The canonical address is `/s/{slug}/p/{id}-{name}`; ' +
      "the id alone or another name answers 301 to it. A product the shop does not sell (unknown, inactive, another shop's): 404.",
  })
  @ApiProduces('text/html')
  @ApiParam({
    name: 'product',
    description: "The product's id, then `-` and its name as the canonical address writes it",
    example: '42-cafe-molido',
  })
  @ApiHeader({ name: 'Accept-Language', required: false, description: 'Spanish unless English is preferred' })
  @ApiOkResponse(HTML_PAGE)
  @ApiResponse({ status: 301, description: 'Not the canonical address: the same page at it (`Location`)' })
  @ApiResponse({ status: 304, description: 'Not modified (`If-None-Match` names the current ETag)' })
  @ApiNotFoundResponse({
    description: 'Unknown, archived or inactive shop, or a product it does not sell: a page saying so (HTML)',
    content: { 'text/html': { schema: { type: 'string' } } },
  })
  @ApiResponse(UNAVAILABLE_PAGE)
  async showProductPage(
    @Param('slug') slug: string,
    @Param('product') product: string,
    @Headers('accept-language') acceptLanguage: string | undefined,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Headers('accept-encoding') acceptEncoding: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const language = pickLanguage(acceptLanguage);
    const search = res.req.originalUrl.indexOf('?');
    const query = search === -1 ? '' : res.req.originalUrl.slice(search);
    if (slug !== slug.toLowerCase() && SLUG.test(slug.toLowerCase())) {
      res.status(301).setHeader('Location', `/s/${slug.toLowerCase()}/p/${encodeURIComponent(product)}${query}`);
      res.end();
      return;
    }
    // A product's id is a positive int4; anything else names no product (looked up as none, id 0).
    const id = PRODUCT_SEGMENT.exec(product);
    const productId = id && Number(id[1]) <= MAX_PRODUCT_ID ? Number(id[1]) : 0;
    const known = SLUG.test(slug) && slug.length <= 255;
    const page = await this.queries.execute<ShowProductPageQuery, RenderedPage>(
      new ShowProductPageQuery(known ? slug : '-', productId, language),
    );
    if (page.status === 200 && page.canonicalPath && page.canonicalPath !== `/s/${slug}/p/${product}`) {
      res.setHeader('Cache-Control', PAGE_CACHE_CONTROL);
      res.status(301).setHeader('Location', `${page.canonicalPath}${query}`);
      res.end();
      return;
    }
    this.send(page, language, { ifNoneMatch, acceptEncoding }, res);
  }

  private async answer(
    kind: ShopPageKind,
    slug: string,
    headers: { acceptLanguage?: string; ifNoneMatch?: string; acceptEncoding?: string },
    res: Response,
    q: string | null = null,
    cursor: string | null = null,
    category: string | null = null,
  ): Promise<void> {
    const language = pickLanguage(headers.acceptLanguage);
    // Slugs are lower case; a link typed with capitals goes to the one address (and cache entry) of the page.
    if (slug !== slug.toLowerCase() && SLUG.test(slug.toLowerCase())) {
      const search = res.req.originalUrl.indexOf('?');
      const location = `/s/${slug.toLowerCase()}${kind === 'checkout' ? '/checkout' : ''}${search === -1 ? '' : res.req.originalUrl.slice(search)}`;
      res.status(301).setHeader('Location', location);
      res.end();
      return;
    }
    // A slug no shop can have is the unknown shop's page, without a look-up (and one cache entry for them all).
    const known = SLUG.test(slug) && slug.length <= 255;
    const page = await this.queries.execute<ShowShopPageQuery, RenderedPage>(
      new ShowShopPageQuery(
        known ? slug : '-',
        kind,
        language,
        kind === 'shop' ? q : null,
        kind === 'shop' ? cursor : null,
        kind === 'shop' ? category : null,
      ),
    );
    this.send(page, language, headers, res);
  }

  /** A rendered page (or 304) with the pages' headers: CSP, caching, language, gzip for those who take it. */
  private send(page: RenderedPage, language: Language, headers: { ifNoneMatch?: string; acceptEncoding?: string }, res: Response): void {
    res.setHeader('Content-Security-Policy', SHOP_PAGE_CSP);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('Content-Language', language);
    res.setHeader('Vary', 'Accept-Language, Accept-Encoding');
    res.setHeader('Cache-Control', PAGE_CACHE_CONTROL);
    // Rendered and gzipped once per cache entry: a browser gets a tenth of the bytes for no work.
    const gzip = acceptsGzip(headers.acceptEncoding);
    const etag = gzip ? page.gzippedEtag : page.etag;
    res.setHeader('ETag', etag);
    res.setHeader('Age', String(Math.max(0, Math.floor((Date.now() - page.renderedAt) / 1000))));
    if (page.status === 200 && matchesEntityTag(headers.ifNoneMatch, etag)) {
      res.status(304).end();
      return;
    }
    if (gzip) res.setHeader('Content-Encoding', 'gzip');
    res
      .status(page.status)
      .type('text/html; charset=utf-8')
      .send(gzip ? page.gzipped : page.html);
  }
}
