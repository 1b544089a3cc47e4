import { Inject } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Env } from '@config/env.schema';
import { SHOP_TEXTS } from '@modules/shop-pages/i18n/shop-texts';
import { CheckoutPage } from '@modules/shop-pages/pages/checkout-page';
import { NotFoundPage } from '@modules/shop-pages/pages/not-found-page';
import type { PageContext } from '@modules/shop-pages/pages/page-data';
import { ShopPage } from '@modules/shop-pages/pages/shop-page';
import { PageCache, renderedPage, type RenderedPage } from '@modules/shop-pages/rendering/page-cache';
import { renderHtml } from '@modules/shop-pages/rendering/render-html';
import { StorefrontAssets } from '@modules/shop-pages/rendering/storefront-assets';
import { ShopCatalogReader } from './shop-catalog.reader';
import { ShowShopPageQuery } from './show-shop-page.query';

/** Products on one page of the shop: a whole small catalog, the first 240 of a large one, then "More products". */
export const PRODUCTS_PER_PAGE = 240;
export const SHOP_PAGE_CACHE = Symbol('SHOP_PAGE_CACHE');

@QueryHandler(ShowShopPageQuery)
export class ShowShopPageHandler implements IQueryHandler<ShowShopPageQuery, RenderedPage> {
  private readonly baseUrl: string;

  constructor(
    private readonly catalog: ShopCatalogReader,
    private readonly assets: StorefrontAssets,
    @Inject(SHOP_PAGE_CACHE) private readonly cache: PageCache,
    config: ConfigService<Env, true>,
  ) {
    this.baseUrl = config.get('APP_URL', { infer: true }).replace(/\/+$/, '');
  }

  execute(query: ShowShopPageQuery): Promise<RenderedPage> {
    const key = JSON.stringify([query.slug, query.kind, query.language, query.q, query.cursor]);
    return this.cache.get(key, () => this.render(query));
  }

  private async render(query: ShowShopPageQuery): Promise<RenderedPage> {
    const shop = await this.catalog.shop(query.slug);
    const assets = this.assets.urls();
    if (!shop) return renderedPage(404, renderHtml(<NotFoundPage language={query.language} styles={assets.styles} />), Date.now());
    const context: PageContext = { shop, language: query.language, texts: SHOP_TEXTS[query.language], baseUrl: this.baseUrl, assets };
    if (query.kind === 'checkout') return renderedPage(200, renderHtml(<CheckoutPage context={context} />), Date.now());
    const { products, nextCursor } = await this.catalog.products(query.slug, {
      q: query.q,
      cursor: query.cursor,
      count: PRODUCTS_PER_PAGE,
    });
    const nextHref = nextCursor
      ? `/s/${shop.slug}?${new URLSearchParams({ ...(query.q ? { q: query.q } : {}), cursor: nextCursor }).toString()}`
      : null;
    return renderedPage(
      200,
      renderHtml(<ShopPage context={context} products={products} query={query.q} nextHref={nextHref} />),
      Date.now(),
    );
  }
}
