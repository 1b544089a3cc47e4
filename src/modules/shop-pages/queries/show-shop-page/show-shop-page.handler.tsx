import { Inject } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Env } from '@config/env.schema';
import { searchKey } from '@modules/catalog';
import { SHOP_TEXTS } from '@modules/shop-pages/i18n/shop-texts';
import { CheckoutPage } from '@modules/shop-pages/pages/checkout-page';
import { NotFoundPage } from '@modules/shop-pages/pages/not-found-page';
import type { PageContext } from '@modules/shop-pages/pages/page-data';
import { PageCache, renderedPage, type RenderedPage } from '@modules/shop-pages/rendering/page-cache';
import { renderHtml } from '@modules/shop-pages/rendering/render-html';
import { renderShopPage } from '@modules/shop-pages/rendering/render-shop-page';
import { StorefrontAssets } from '@modules/shop-pages/rendering/storefront-assets';
import { IssuedCursors } from './issued-cursors';
import { ShopCatalogReader } from './shop-catalog.reader';
import { ShowShopPageQuery } from './show-shop-page.query';

/** Products on one page of the shop: a whole small catalog, the first 240 of a large one, then "More products". */
export const PRODUCTS_PER_PAGE = 240;
export const SHOP_PAGE_CACHE = Symbol('SHOP_PAGE_CACHE');
/** The catalog's longest search. */
const MAX_SEARCH = 100;
/** The longest slug a category has. */
const MAX_CATEGORY = 140;

/** What one page shows: the search in the catalog's own form, the catalog's cursor. */
interface PageRequest {
  slug: string;
  kind: ShowShopPageQuery['kind'];
  language: ShowShopPageQuery['language'];
  search: string | null;
  /** The slug of the category shown, null for all products. */
  category: string | null;
  catalogCursor: string | null;
}

/**
 * The search as the catalog matches it (case, accents and repeated spaces aside): `Café`, `CAFE`
 * and ` cafe ` are one page, and one cache entry.
 */
export function normalisedSearch(q: string | null): string | null {
  if (q === null) return null;
  // At most the catalog's 100 UTF-16 units (its own measure), never half of a character.
  let key = '';
  for (const character of searchKey(q)) {
    if (key.length + character.length > MAX_SEARCH) break;
    key += character;
  }
  key = key.trim();
  return key === '' ? null : key;
}

/**
 * The `category` of a shop page's address as the catalog takes it: lower case, at most a slug's
 * length; null for none. One that names no category of the shop shows no products, as the catalog answers.
 */
export function pageCategory(category: string | null): string | null {
  if (category === null) return null;
  const slug = category.trim().toLowerCase().slice(0, MAX_CATEGORY);
  return slug === '' ? null : slug;
}

@QueryHandler(ShowShopPageQuery)
export class ShowShopPageHandler implements IQueryHandler<ShowShopPageQuery, RenderedPage> {
  private readonly baseUrl: string;

  constructor(
    private readonly catalog: ShopCatalogReader,
    private readonly assets: StorefrontAssets,
    @Inject(SHOP_PAGE_CACHE) private readonly cache: PageCache,
    private readonly cursors: IssuedCursors,
    config: ConfigService<Env, true>,
  ) {
    this.baseUrl = config.get('APP_URL', { infer: true }).replace(/\/+$/, '');
  }

  /**
   * From the page cache, keyed by shop, page, language, normalised search and a cursor this
   * process issued; a page for any other cursor is rendered for its request and not kept
   * (docs/storefront.md, "Caching and speed").
   */
  execute(query: ShowShopPageQuery): Promise<RenderedPage> {
    const search = query.kind === 'shop' ? normalisedSearch(query.q) : null;
    const category = query.kind === 'shop' ? pageCategory(query.category) : null;
    const cursor = query.kind === 'shop' && query.cursor ? this.cursors.read(query.slug, search, query.cursor, category) : null;
    const request: PageRequest = {
      slug: query.slug,
      kind: query.kind,
      language: query.language,
      search,
      category,
      catalogCursor: cursor?.catalogCursor ?? null,
    };
    if (cursor && !cursor.issued) return this.render(request);
    // Without a category the key is the one it always was.
    const key = JSON.stringify([
      request.slug,
      request.kind,
      request.language,
      request.search,
      request.catalogCursor,
      ...(request.category === null ? [] : [request.category]),
    ]);
    return this.cache.get(key, () => this.render(request));
  }

  private async render(query: PageRequest): Promise<RenderedPage> {
    const shop = await this.catalog.shop(query.slug);
    const assets = this.assets.urls();
    if (!shop) return renderedPage(404, renderHtml(<NotFoundPage language={query.language} styles={assets.styles} />), Date.now());
    const context: PageContext = { shop, language: query.language, texts: SHOP_TEXTS[query.language], baseUrl: this.baseUrl, assets };
    if (query.kind === 'checkout') return renderedPage(200, renderHtml(<CheckoutPage context={context} />), Date.now(), shop.id);
    const [{ products, nextCursor }, categories] = await Promise.all([
      this.catalog.products(query.slug, {
        q: query.search,
        category: query.category,
        cursor: query.catalogCursor,
        count: PRODUCTS_PER_PAGE,
      }),
      this.catalog.categories(query.slug),
    ]);
    const nextHref = nextCursor
      ? `/s/${shop.slug}?${new URLSearchParams({
          ...(query.search ? { q: query.search } : {}),
          ...(query.category ? { category: query.category } : {}),
          cursor: this.cursors.issue(query.slug, query.search, nextCursor, query.category),
        }).toString()}`
      : null;
    const current = categories.find((category) => category.slug === query.category) ?? null;
    return renderedPage(
      200,
      await renderShopPage(context, products, query.search, nextHref, { categories, current, asked: query.category }),
      Date.now(),
      shop.id,
    );
  }
}
