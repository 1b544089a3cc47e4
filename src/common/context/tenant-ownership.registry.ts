import { Injectable } from '@nestjs/common';

/** Which tenant owns the row a path id names; null when there is no such row. */
export type OwnerLookup = (id: string | number) => Promise<string | null>;

/**
 * The owner look-up of every tenant-owned resource that merchant routes address by id. Each module
 * registers the resources it owns (orders: `order`; catalog: `product`, `location`; coupons:
 * `coupon`) when it starts, so the tenant access guard can check any of them without knowing the
 * tables.
 */
@Injectable()
export class TenantOwnershipRegistry {
  private readonly lookups = new Map<string, OwnerLookup>();

  register(resource: string, lookup: OwnerLookup): void {
    if (this.lookups.has(resource)) throw new Error(`An owner look-up for ${resource} is already registered`);
    this.lookups.set(resource, lookup);
  }

  ownerOf(resource: string, id: string | number): Promise<string | null> {
    const lookup = this.lookups.get(resource);
    if (!lookup) throw new Error(`No owner look-up registered for ${resource}`);
    return lookup(id);
  }
}
