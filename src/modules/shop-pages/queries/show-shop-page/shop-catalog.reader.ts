import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { NotFoundError } from '@common/errors/domain.error';
import {
  GetStorefrontProductQuery,
  GetStorefrontShopQuery,
  ListStorefrontCategoriesQuery,
  ListStorefrontProductsQuery,
  type StorefrontCategoriesView,
  type StorefrontProductView,
  type StorefrontProductsView,
  type StorefrontShopView,
} from '@modules/storefront';
import type { ShopCategory, ShopProduct, ShopProfile } from '@modules/shop-pages/pages/page-data';

/** The catalog's largest page (decisions §18). */
const CATALOG_PAGE = 100;

/**
 * The shop and its products through the public catalog's queries (the storefront module): the
 * same data `GET /api/v1/storefront/{slug}` answers, plus the shop's id for the analytics calls.
 */
@Injectable()
export class ShopCatalogReader {
  constructor(private readonly queries: QueryBus) {}

  /** The public shop, or null for an unknown, archived or inactive one. */
  async shop(slug: string): Promise<ShopProfile | null> {
    try {
      const view = await this.queries.execute<GetStorefrontShopQuery, StorefrontShopView>(new GetStorefrontShopQuery(slug));
      return {
        ...view.shop,
        id: view.tenantId,
        locations: view.shop.locations.map((location) => ({ ...location, delivery_fee: Number(location.delivery_fee) })),
      };
    } catch (error) {
      if (error instanceof NotFoundError) return null;
      throw error;
    }
  }

  /**
   * One active product of the shop by its id (a product page), with the shop's id; `product` null
   * when the shop sells no such product; null for an unknown, archived or inactive shop.
   */
  async product(slug: string, productId: number): Promise<{ product: ShopProduct | null; tenantId: string } | null> {
    try {
      const view = await this.queries.execute<GetStorefrontProductQuery, StorefrontProductView>(
        new GetStorefrontProductQuery(slug, productId),
      );
      if (!view.product) return { product: null, tenantId: view.tenantId };
      const { id, name, description, price, image_url, availability } = view.product;
      return { product: { id, name, description, price: Number(price), image_url, availability }, tenantId: view.tenantId };
    } catch (error) {
      if (error instanceof NotFoundError) return null;
      throw error;
    }
  }

  /** The shop's categories that hold active products, as the public catalog lists them. */
  async categories(slug: string): Promise<ShopCategory[]> {
    const view = await this.queries.execute<ListStorefrontCategoriesQuery, StorefrontCategoriesView>(
      new ListStorefrontCategoriesQuery(slug),
    );
    return view.categories.map(({ id, name, slug: categorySlug }) => ({ id, name, slug: categorySlug }));
  }

  /** Up to `count` products from the cursor (of the category with slug `category`, if given), in the catalog's pages, and the cursor after them. */
  async products(
    slug: string,
    options: { q: string | null; category?: string | null; cursor: string | null; count: number },
  ): Promise<{ products: ShopProduct[]; nextCursor: string | null }> {
    const products: ShopProduct[] = [];
    let cursor = options.cursor;
    do {
      const { page } = await this.queries.execute<ListStorefrontProductsQuery, StorefrontProductsView>(
        new ListStorefrontProductsQuery(slug, {
          q: options.q ?? undefined,
          category: options.category ?? undefined,
          cursor: cursor ?? undefined,
          limit: Math.min(CATALOG_PAGE, options.count - products.length),
        }),
      );
      for (const product of page.data) products.push({ ...product, price: Number(product.price) });
      cursor = page.next_cursor;
    } while (cursor && products.length < options.count);
    return { products, nextCursor: cursor };
  }
}
