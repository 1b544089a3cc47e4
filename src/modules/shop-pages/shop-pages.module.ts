import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Env } from '@config/env.schema';
import { CatalogChanges } from '@infra/catalog-changes/catalog-changes';
import { StorefrontModule } from '@modules/storefront';
import { ShowProductPageHandler } from './queries/show-product-page/show-product-page.handler';
import { ShowOrderStatusPageHandler } from './queries/show-order-status-page/show-order-status-page.handler';
import { IssuedCursors } from './queries/show-shop-page/issued-cursors';
import { ShopCatalogReader } from './queries/show-shop-page/shop-catalog.reader';
import { SHOP_PAGE_CACHE, ShowShopPageHandler } from './queries/show-shop-page/show-shop-page.handler';
import { PageCache } from './rendering/page-cache';
import { StorefrontAssets } from './rendering/storefront-assets';
import { ShopPageUnavailableMiddleware } from './shop-page-unavailable.middleware';
import { ShopPagesController } from './shop-pages.controller';
import { StorefrontAssetsController } from './storefront-assets.controller';
import { CrawlingController } from './crawling.controller';
import { SiteFilesController } from './site-files.controller';

/**
 * Rendered pages are served from memory at most 10 s, within PAGE_CACHE_MAX_BYTES in all. With the
 * pages' `max-age=30` counted from the render (`Age`), a change of the catalog reaches a shopper
 * within 30 s; a change made through any process drops the shop's pages at once. A page older than
 * that is kept up to STALE_IF_ERROR_SECONDS, served only when a new render fails for an outage.
 */
const PAGE_CACHE_MS = 10_000;

@Module({
  imports: [StorefrontModule],
  controllers: [ShopPagesController, StorefrontAssetsController, CrawlingController, SiteFilesController],
  providers: [
    ShowShopPageHandler,
    ShowProductPageHandler,
    ShowOrderStatusPageHandler,
    ShopCatalogReader,
    StorefrontAssets,
    IssuedCursors,
    {
      provide: SHOP_PAGE_CACHE,
      inject: [ConfigService, CatalogChanges],
      useFactory: (config: ConfigService<Env, true>, changes: CatalogChanges) => {
        const cache = new PageCache({
          maxBytes: config.get('PAGE_CACHE_MAX_BYTES', { infer: true }),
          ttlMs: PAGE_CACHE_MS,
          staleMs: config.get('STALE_IF_ERROR_SECONDS', { infer: true }) * 1000,
        });
        // A change of a shop drops its pages in every process (docs/storefront.md, "When PostgreSQL or Redis is away").
        changes.subscribe(
          (tenantId) => cache.invalidate(tenantId),
          () => cache.clear(),
        );
        return cache;
      },
    },
  ],
})
export class ShopPagesModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(ShopPageUnavailableMiddleware).forRoutes(ShopPagesController);
  }
}
