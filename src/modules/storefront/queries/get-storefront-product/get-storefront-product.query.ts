import type { StorefrontProduct } from '@modules/catalog';

/** One active product of a public shop, for its page: null when the shop has no such active product. */
export interface StorefrontProductView {
  product: (StorefrontProduct & { updatedAt: Date }) | null;
  tenantId: string;
}

/** Result: `StorefrontProductView`; `StorefrontNotFoundError` (404) for an unknown, archived or inactive shop. */
export class GetStorefrontProductQuery {
  constructor(
    readonly slug: string,
    readonly productId: number,
  ) {}
}
