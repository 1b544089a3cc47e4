import { Inject } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Env } from '@config/env.schema';
import { SHOP_TEXTS } from '@modules/shop-pages/i18n/shop-texts';
import { scriptSafeJson } from '@modules/shop-pages/pages/json-data';
import { NotFoundPage } from '@modules/shop-pages/pages/not-found-page';
import type { PageContext } from '@modules/shop-pages/pages/page-data';
import { ProductPage } from '@modules/shop-pages/pages/product-page';
import { productPath } from '@modules/shop-pages/pages/product-path';
import { productPageStructuredData } from '@modules/shop-pages/pages/structured-data';
import { PageCache, renderedPage, type RenderedPage } from '@modules/shop-pages/rendering/page-cache';
import { renderHtml } from '@modules/shop-pages/rendering/render-html';
import { StorefrontAssets } from '@modules/shop-pages/rendering/storefront-assets';
import { ShopCatalogReader } from '@modules/shop-pages/queries/show-shop-page/shop-catalog.reader';
import { SHOP_PAGE_CACHE } from '@modules/shop-pages/queries/show-shop-page/show-shop-page.handler';
import { ShowProductPageQuery } from './show-product-page.query';

/** A 404 goes out through the cache's failure path: answered, never kept (any number of unknown ids takes no entry). */
class PageNotFound extends Error {
  constructor(readonly page: RenderedPage) {
    super('Page not found');
  }
}

/**
 * A product's page from the page cache (keyed by shop, language and product id), or rendered from
 * one product read by its id: the cost is the same for a shop of 10 products or of 100,000. A
 * change of the shop drops it as it drops the shop's pages (docs/storefront.md, "Product pages").
 */
@QueryHandler(ShowProductPageQuery)
export class ShowProductPageHandler implements IQueryHandler<ShowProductPageQuery, RenderedPage> {
  private readonly baseUrl: string;

  constructor(
    private readonly catalog: ShopCatalogReader,
    private readonly assets: StorefrontAssets,
    @Inject(SHOP_PAGE_CACHE) private readonly cache: PageCache,
    config: ConfigService<Env, true>,
  ) {
    this.baseUrl = config.get('APP_URL', { infer: true }).replace(/\/+$/, '');
  }

  async execute(query: ShowProductPageQuery): Promise<RenderedPage> {
    const key = JSON.stringify([query.slug, 'product', query.language, query.productId]);
    try {
      return await this.cache.get(key, () => this.render(query));
    } catch (error) {
      if (error instanceof PageNotFound) return error.page;
      throw error;
    }
  }

  private async render(query: ShowProductPageQuery): Promise<RenderedPage> {
    const assets = this.assets.urls();
    const found = await this.catalog.product(query.slug, query.productId);
    if (!found?.product) {
      const html = renderHtml(<NotFoundPage language={query.language} styles={assets.styles} what={found ? 'product' : 'shop'} />);
      throw new PageNotFound(await renderedPage(404, html, Date.now()));
    }
    const shop = await this.catalog.shop(query.slug);
    if (!shop)
      throw new PageNotFound(
        await renderedPage(404, renderHtml(<NotFoundPage language={query.language} styles={assets.styles} />), Date.now()),
      );
    const context: PageContext = { shop, language: query.language, texts: SHOP_TEXTS[query.language], baseUrl: this.baseUrl, assets };
    const product = found.product;
    const html = renderHtml(
      <ProductPage context={context} product={product} structuredDataJson={scriptSafeJson(productPageStructuredData(context, product))} />,
    );
    return { ...(await renderedPage(200, html, Date.now(), shop.id)), canonicalPath: productPath(shop.slug, product) };
  }
}
