import { Injectable } from '@nestjs/common';
import { MAX_INTEGER_ID } from '@common/http/resource-ids';
import { CatalogQueries } from '@modules/catalog';

const PRODUCT_CACHE_MS = 60_000;
const MAX_ENTRIES = 50_000;

/**
 * Product existence for the intake, remembered in-process for a minute: a storefront sends the same
 * few products over and over, and the hot path should not ask the catalog each time. Only
 * existence is remembered, so a product created a moment ago is never refused.
 */
@Injectable()
export class KnownProductsCache {
  private readonly knownUntil = new Map<string, number>();

  constructor(private readonly catalog: CatalogQueries) {}

  /** True when the product is known to exist without a look-up (remembered); else ask `exists`. */
  known(tenantId: string, productId: number): boolean {
    const until = this.knownUntil.get(`${tenantId}:${productId}`);
    return until !== undefined && until > Date.now();
  }

  async exists(tenantId: string, productId: number): Promise<boolean> {
    if (!Number.isInteger(productId) || productId > MAX_INTEGER_ID) return false;
    if (this.known(tenantId, productId)) return true;
    const key = `${tenantId}:${productId}`;
    const found = await this.catalog.existingProductIds(tenantId, [productId]);
    if (!found.has(productId)) return false;
    if (this.knownUntil.size > MAX_ENTRIES) this.knownUntil.clear();
    this.knownUntil.set(key, Date.now() + PRODUCT_CACHE_MS);
    return true;
  }
}
