import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request } from 'express';
import { DataSource } from 'typeorm';

export interface StorefrontTenant {
  id: string;
  slug: string;
  /** Not soft-deleted and active: its storefront is open to the public. */
  isPublic: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const CACHE_MS = 30_000;
// A tenant that did not exist may be created any moment: remember absence only briefly.
const MISS_CACHE_MS = 2_000;
const CACHE_MAX = 10_000;

/**
 * Which shop a public storefront request is for (decisions §1): a body `tenant_id` wins, else the
 * `X-Tenant-ID` header (UUID), else `X-Tenant-Slug`. `0`, `""` and absent mean absent.
 * Lookups are cached in-process for 30 s: public endpoints resolve a tenant on every request.
 */
@Injectable()
export class StorefrontTenantResolver {
  private readonly cache = new Map<string, { tenant: StorefrontTenant | null; until: number }>();

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The tenant reference the request carries, without looking it up. */
  reference(req: Request, bodyTenantId?: unknown): { kind: 'id' | 'slug'; value: string } | null {
    const fromBody = present(bodyTenantId);
    if (fromBody) return { kind: 'id', value: fromBody };
    const header = present(req.headers['x-tenant-id']);
    if (header) return { kind: 'id', value: header };
    const slug = present(req.headers['x-tenant-slug']);
    return slug ? { kind: 'slug', value: slug } : null;
  }

  async resolve(req: Request, bodyTenantId?: unknown): Promise<StorefrontTenant | null> {
    const reference = this.reference(req, bodyTenantId);
    if (!reference) return null;
    return reference.kind === 'id' ? this.byId(reference.value) : this.bySlug(reference.value);
  }

  async byId(id: string): Promise<StorefrontTenant | null> {
    if (!UUID.test(id)) return null;
    return this.cached(`id:${id.toLowerCase()}`, 'id = $1', id);
  }

  async bySlug(slug: string): Promise<StorefrontTenant | null> {
    if (slug.length > 255) return null;
    return this.cached(`slug:${slug.toLowerCase()}`, 'slug = lower($1)', slug);
  }

  /** UUID, else slug: for endpoints (analytics) that take either in one field. */
  async byIdOrSlug(value: string): Promise<StorefrontTenant | null> {
    return UUID.test(value) ? this.byId(value) : this.bySlug(value);
  }

  forget(): void {
    this.cache.clear();
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

function present(value: unknown): string | null {
  if (typeof value === 'number') return value === 0 ? null : String(value);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text === '' || text === '0' ? null : text;
}
