/**
 * How a storefront's product list is asked for: `limit` 1–100 (default 24), `q` at most 100
 * characters, `category` a category's slug (an unknown one lists nothing).
 */
export interface StorefrontProductsRequest {
  q?: string;
  category?: string;
  cursor?: string;
  limit?: number;
}

/**
 * Result: `StorefrontProductsView`, the shop's active products by name (case and accents aside),
 * then id; `StorefrontNotFoundError` (404) for an unknown, archived or inactive shop; 422 on
 * `cursor`, `limit`, `q` or `category` for values out of their bounds.
 */
export class ListStorefrontProductsQuery {
  constructor(
    readonly slug: string,
    readonly request: StorefrontProductsRequest = {},
  ) {}
}
