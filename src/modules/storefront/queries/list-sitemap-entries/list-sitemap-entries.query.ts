/** Result: up to `limit` active products of the shop after the id `afterId`, by id; `StorefrontNotFoundError` for an unknown shop. */
export class ListShopSitemapEntriesQuery {
  constructor(
    readonly slug: string,
    readonly afterId: number,
    readonly limit: number,
  ) {}
}

export interface ShopSitemapEntries {
  tenantId: string;
  slug: string;
  products: Array<{ id: number; name: string; updatedAt: Date }>;
}

/** Result: up to `limit` public shops after the slug `after` (`''` from the first), by slug. */
export class ListPublicShopsQuery {
  constructor(
    readonly after: string,
    readonly limit: number,
  ) {}
}

export type PublicShopEntries = Array<{ slug: string; updatedAt: Date }>;
