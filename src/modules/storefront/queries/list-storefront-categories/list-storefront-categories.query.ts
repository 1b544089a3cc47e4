/**
 * Result: `StorefrontCategoriesView`, the shop's categories that hold at least one active product,
 * by position then id; `StorefrontNotFoundError` (404) for an unknown, archived or inactive shop.
 */
export class ListStorefrontCategoriesQuery {
  constructor(readonly slug: string) {}
}
