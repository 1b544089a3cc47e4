import type { Principal, StorefrontTenant } from './request-context';

/**
 * What the request context needs from the features that own the data, as ports: common/ never
 * imports a feature module. Accounts provides both (it owns users, tokens and tenants).
 */
export const PRINCIPAL_RESOLVER = Symbol('PRINCIPAL_RESOLVER');
export interface PrincipalResolver {
  /** The principal a bearer token names, or null when it is malformed, unknown, expired or revoked. */
  verify(bearerToken: string): Promise<Principal | null>;
}

export const STOREFRONT_TENANTS = Symbol('STOREFRONT_TENANTS');
export interface StorefrontTenantDirectory {
  byId(id: string): Promise<StorefrontTenant | null>;
  bySlug(slug: string): Promise<StorefrontTenant | null>;
  /** What `byId`/`bySlug` would answer now without a look-up (a cached answer), else undefined. */
  known(kind: 'id' | 'slug', value: string): StorefrontTenant | null | undefined;
}

/**
 * A table family whose rows each belong to one shop, as a port: the owning module's repository
 * answers it (`ProductsRepository`, `OrdersRepository`, …) and registers it in
 * `TenantOwnershipRegistry` with `tenantOwnedRows`, so the tenant access guard checks a path id
 * without SQL in common/.
 */
export interface TenantOwnedRows {
  /** The shop (tenant id) that owns the row `id` names, or null when there is no such row. */
  tenantOf(id: string | number): Promise<string | null>;
}
