import { Injectable, Provider, Type } from '@nestjs/common';
import type { TenantOwnedRows } from './ports';

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

/**
 * The provider a module lists to register the owner look-up of `resource`, answered by its
 * repository `rows` (one of the module's providers): `providers: [tenantOwnedRows('coupon',
 * CouponsRepository)]`.
 */
export function tenantOwnedRows(resource: string, rows: Type<TenantOwnedRows>): Provider {
  return {
    provide: `tenant-owned-rows:${resource}`,
    inject: [TenantOwnershipRegistry, rows],
    useFactory: (owners: TenantOwnershipRegistry, repository: TenantOwnedRows) =>
      owners.register(resource, (id) => repository.tenantOf(id)),
  };
}
