import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
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

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async byId(id: string): Promise<StorefrontTenant | null> {
    if (!isUuid(id)) return null;
    return this.cached(`id:${id.toLowerCase()}`, 'id = $1', id);
  }

  async bySlug(slug: string): Promise<StorefrontTenant | null> {
    if (slug.length > 255) return null;
    return this.cached(`slug:${slug.toLowerCase()}`, 'slug = lower($1)', slug);
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

  private async cached(key: string, where: string, value: string): Promise<StorefrontTenant | null> {
    const hit = this.cache.get(key);
    if (hit && hit.until > Date.now()) return hit.tenant;
    const rows: Array<{ id: string; slug: string; is_public: boolean }> = await this.dataSource.query(
      `SELECT id, slug, (deleted_at IS NULL AND status = 'active') AS is_public FROM tenants WHERE ${where}`,
      [value],
    );
    const tenant = rows[0] ? { id: rows[0].id, slug: rows[0].slug, isPublic: rows[0].is_public } : null;
    if (this.cache.size >= CACHE_MAX) this.cache.clear();
    this.cache.set(key, { tenant, until: Date.now() + (tenant ? CACHE_MS : MISS_CACHE_MS) });
    return tenant;
  }
}
