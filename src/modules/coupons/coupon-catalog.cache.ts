import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { KeyValueStore } from '@infra/store/key-value-store';

/** A coupon as the public list caches it: still filtered by time when served. */
export interface CachedPublicCoupon {
  code: string;
  coupon_type: string;
  value: number;
  min_spend: number | null;
  starts_at: string | null;
  expires_at: string | null;
}

/** Spec 8: the public coupon list is cached for 15 minutes. */
const COUPON_CATALOG_TTL_MS = 15 * 60 * 1000;
// Far longer than an entry lives: when a generation expires, every entry cached under it is long gone.
const GENERATION_TTL_MS = 30 * 86_400 * 1000;

/**
 * The per-tenant cache of GET /api/v1/coupons. Invalidation replaces a random generation token that is part
 * of the entry's key instead of deleting the entry: a reader that loaded the coupons just before a
 * change commits can only store them under the old generation, which nobody reads any more, so a
 * stale list never outlives the invalidation. Call `invalidate` after the change has committed.
 *
 * Store trouble never fails the request: reads fall through to the database.
 */
@Injectable()
export class CouponCatalogCache {
  private readonly logger = new Logger(CouponCatalogCache.name);

  constructor(private readonly store: KeyValueStore) {}

  async getOrLoad(tenantId: string, load: () => Promise<CachedPublicCoupon[]>): Promise<CachedPublicCoupon[]> {
    let key: string | null = null;
    try {
      const generation = (await this.store.get(generationKey(tenantId))) ?? '0';
      key = entryKey(tenantId, generation);
      const cached = await this.store.get(key);
      if (cached !== null) return JSON.parse(cached) as CachedPublicCoupon[];
    } catch (error) {
      this.logger.warn({ err: error, tenantId }, 'Coupon catalog cache unavailable; reading the database');
      key = null;
    }
    const coupons = await load();
    if (key) {
      await this.store.set(key, JSON.stringify(coupons), COUPON_CATALOG_TTL_MS).catch((error: unknown) => {
        this.logger.warn({ err: error, tenantId }, 'Could not store the coupon catalog');
      });
    }
    return coupons;
  }

  /** Drops the tenant's cached list: the next read sees the database. */
  async invalidate(tenantId: string): Promise<void> {
    try {
      await this.store.set(generationKey(tenantId), randomUUID(), GENERATION_TTL_MS);
    } catch (error) {
      this.logger.error({ err: error, tenantId }, 'Could not invalidate the coupon catalog; it may be stale for up to 15 minutes');
    }
  }
}

function generationKey(tenantId: string): string {
  return `coupons:public:${tenantId}:generation`;
}

function entryKey(tenantId: string, generation: string): string {
  return `coupons:public:${tenantId}:${generation}`;
}
