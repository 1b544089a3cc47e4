import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { TenantsRepository } from './persistence/tenants.repository';
import type { StorefrontTenantDirectory } from '@common/context/ports';
import type { StorefrontTenant } from '@common/context/request-context';
import { isUuid } from '@common/http/resource-ids';

const CACHE_MS = 30_000;
// A tenant that did not exist may be created any moment: remember absence only briefly.
const MISS_CACHE_MS = 2_000;
const CACHE_MAX = 10_000;

/**
 * Finds shops for public storefront requests (the request context's port, and analytics intake)
 * by UUID or slug. Lookups are cached in-process for 30 s: public endpoints resolve a tenant on
 * every request.
 */
@Injectable()
export class TenantDirectory implements StorefrontTenantDirectory {
  private readonly cache = new Map<string, { tenant: StorefrontTenant | null; until: number }>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly tenants: TenantsRepository,
  ) {}

  async byId(id: string): Promise<StorefrontTenant | null> {
    if (!isUuid(id)) return null;
    return this.cached(`id:${id.toLowerCase()}`, 'id', id);
  }

  async bySlug(slug: string): Promise<StorefrontTenant | null> {
    if (slug.length > 255) return null;
    return this.cached(`slug:${slug.toLowerCase()}`, 'slug', slug);
  }

  known(kind: 'id' | 'slug', value: string): StorefrontTenant | null | undefined {
    if (kind === 'id' ? !isUuid(value) : value.length > 255) return null;
    const hit = this.cache.get(`${kind}:${value.toLowerCase()}`);
    return hit && hit.until > Date.now() ? hit.tenant : undefined;
  }

  /** UUID, else slug: for endpoints (analytics) that take either in one field. */
  async byIdOrSlug(value: string): Promise<StorefrontTenant | null> {
    return isUuid(value) ? this.byId(value) : this.bySlug(value);
  }

  private async cached(key: string, by: 'id' | 'slug', value: string): Promise<StorefrontTenant | null> {
    const hit = this.cache.get(key);
    if (hit && hit.until > Date.now()) return hit.tenant;
    const row = await this.tenants.findStorefront(this.dataSource, by, value);
    const tenant = row ? { id: row.id, slug: row.slug, isPublic: row.is_public } : null;
    if (this.cache.size >= CACHE_MAX) this.cache.clear();
    this.cache.set(key, { tenant, until: Date.now() + (tenant ? CACHE_MS : MISS_CACHE_MS) });
    return tenant;
  }
}
