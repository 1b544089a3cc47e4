import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { TenantDirectory } from '@modules/accounts';
import { GetStorefrontShopQuery, ListStorefrontProductsQuery } from '@modules/storefront';
import type { ShopProduct, ShopProfile } from '@modules/shop-pages/pages/page-data';

/** The catalog's largest page (decisions §18). */
const CATALOG_PAGE = 100;

/**
 * The shop and its products through the public catalog's queries (the storefront module), the
 * same data `GET /api/v1/storefront/{slug}` answers, plus the shop's id for the analytics calls.
 */
@Injectable()
export class ShopCatalogReader {
  constructor(
    private readonly queries: QueryBus,
    private readonly tenants: TenantDirectory,
  ) {}

  async shop(slug: string): Promise<ShopProfile | null> {
    const [profile, tenant] = await Promise.all([
      this.queries.execute<GetStorefrontShopQuery, Omit<ShopProfile, 'id'> | null>(new GetStorefrontShopQuery(slug)),
      this.tenants.bySlug(slug),
    ]);
    if (!profile || !tenant) return null;
    return {
      ...profile,
      id: tenant.id,
      tags: profile.tags ?? [],
      locations: profile.locations.map((location) => ({ ...location, delivery_fee: Number(location.delivery_fee) })),
    };
  }

  /** Up to `count` products from the cursor, in the catalog's pages, and the cursor after them. */
  async products(slug: string, options: { q: string | null; cursor: string | null; count: number }): Promise<{ products: ShopProduct[]; nextCursor: string | null }> {
    const products: ShopProduct[] = [];
    let cursor = options.cursor;
    do {
      const page = await this.queries.execute<ListStorefrontProductsQuery, { data: ShopProduct[]; next_cursor: string | null }>(
        new ListStorefrontProductsQuery(slug, {
          q: options.q ?? undefined,
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
