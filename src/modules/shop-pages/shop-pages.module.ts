import { Module } from '@nestjs/common';
import { StorefrontModule } from '@modules/storefront';
import { ShopCatalogReader } from './queries/show-shop-page/shop-catalog.reader';
import { SHOP_PAGE_CACHE, ShowShopPageHandler } from './queries/show-shop-page/show-shop-page.handler';
import { PageCache } from './rendering/page-cache';
import { StorefrontAssets } from './rendering/storefront-assets';
import { ShopPagesController } from './shop-pages.controller';
import { StorefrontAssetsController } from './storefront-assets.controller';

/**
 * Rendered pages kept per shop, language and search: at most 500 (a page of 240 products is about
 * 150 KB, so the cache stays under ~75 MB), each at most 10 s. With the pages' `max-age=30` counted
 * from the render (`Age`), a change of the catalog reaches a shopper within 30 s.
 */
const PAGE_CACHE_ENTRIES = 500;
const PAGE_CACHE_MS = 10_000;

@Module({
  imports: [StorefrontModule],
  controllers: [ShopPagesController, StorefrontAssetsController],
  providers: [
    ShowShopPageHandler,
    ShopCatalogReader,
    StorefrontAssets,
    { provide: SHOP_PAGE_CACHE, useFactory: () => new PageCache(PAGE_CACHE_ENTRIES, PAGE_CACHE_MS) },
  ],
})
export class ShopPagesModule {}
