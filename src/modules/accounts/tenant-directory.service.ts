import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ShopLanguage } from './domain/tenant';
import { TenantsRepository } from './persistence/tenants.repository';
import type { StorefrontTenantDirectory } from '@common/context/ports';
import type { StorefrontTenant } from '@common/context/request-context';
import { isUuid } from '@common/http/resource-ids';

/** A public shop's profile as its storefront shows it (`TenantDirectory.publicProfile`). */
export interface PublicShopProfile {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  slogan: string | null;
  seoTitle: string | null;
  seoDescription: string | null;
  tags: string[];
  /** The shop's language (decisions §19), for pages that follow it. */
  language: ShopLanguage;
  updatedAt: Date;
}

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

  /**
   * What a storefront shows of a public shop (not archived, active), by slug; null for any other
   * slug. Read afresh on every call: the storefront's own caching (max-age 30 s) is all the delay a
   * change of the profile may have (storefront.md).
   */
  async publicProfile(slug: string): Promise<PublicShopProfile | null> {
    // No slug is longer or holds a NUL (which PostgreSQL refuses in text): such a path names no shop.
    if (slug.length === 0 || slug.length > 255 || slug.includes('\u0000')) return null;
    const row = await this.tenants.findPublicProfile(this.dataSource, slug);
    if (!row) return null;
    return {
      id: row.id,
      slug: row.slug,
      name: row.name,
      description: row.description,
      slogan: row.slogan,
      seoTitle: row.seo_title,
      seoDescription: row.seo_description,
      tags: Array.isArray(row.tags) ? row.tags.filter((tag): tag is string => typeof tag === 'string') : [],
      language: row.language === 'en' ? 'en' : 'es',
      updatedAt: row.updated_at,
    };
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
