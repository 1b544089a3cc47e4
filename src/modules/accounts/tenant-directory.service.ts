import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { FreshValues } from '@common/cache/fresh-values';
import { Env } from '@config/env.schema';
import { CatalogChanges } from '@infra/catalog-changes/catalog-changes';
import { normalisedSocialLinks, SHOP_PAYMENT_METHODS, type ShopPaymentMethod, type SocialLinks } from './domain/shop-profile';
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
  /** The payment methods it accepts, and what a shopper paying by transfer is told (null unless it accepts transfers). */
  paymentMethods: ShopPaymentMethod[];
  bankTransferInstructions: string | null;
  /** The shop's contact details (each null when it has none) and its social links (`{}` when none). */
  phone: string | null;
  whatsapp: string | null;
  email: string | null;
  address: string | null;
  logoUrl: string | null;
  socialLinks: SocialLinks;
  updatedAt: Date;
}

const CACHE_MS = 30_000;
// A tenant that did not exist may be created any moment: remember absence only briefly.
const MISS_CACHE_MS = 2_000;
const CACHE_MAX = 10_000;
/** The public profiles' share of the catalog's memory (`CATALOG_CACHE_MAX_BYTES`). */
const PROFILES_SHARE = 8;

/**
 * Finds shops for public storefront requests (the request context's port, and analytics intake)
 * by UUID or slug. Lookups are cached in-process for 30 s: public endpoints resolve a tenant on
 * every request. Public profiles by slug are served from memory for `CATALOG_FRESH_SECONDS`. A
 * change of a shop published on the catalog channel drops what is cached of it, and every
 * absence, in every process (docs/storefront.md, "Served from memory").
 */
@Injectable()
export class TenantDirectory implements StorefrontTenantDirectory {
  private readonly cache = new Map<string, { tenant: StorefrontTenant | null; until: number }>();
  private readonly profiles: FreshValues<PublicShopProfile | null>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly tenants: TenantsRepository,
    config: ConfigService<Env, true>,
    changes: CatalogChanges,
  ) {
    this.profiles = new FreshValues<PublicShopProfile | null>({
      freshMs: config.get('CATALOG_FRESH_SECONDS', { infer: true }) * 1000,
      maxBytes: Math.floor(config.get('CATALOG_CACHE_MAX_BYTES', { infer: true }) / PROFILES_SHARE),
      tenantOf: (profile) => profile?.id ?? null,
      bytesOf: (profile) => (profile ? JSON.stringify(profile).length * 2 : 0),
    });
    changes.subscribe(
      (tenantId) => this.forget(tenantId),
      () => this.forgetAll(),
    );
  }

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
   * What a storefront shows of a public shop (not archived, active), by slug (any case); null for
   * any other slug. From memory while fresh (`CATALOG_FRESH_SECONDS`); a change of the shop's
   * profile made through the service drops it at once (docs/storefront.md, "Served from memory").
   */
  async publicProfile(slug: string): Promise<PublicShopProfile | null> {
    // No slug is longer or holds a NUL (which PostgreSQL refuses in text): such a path names no shop.
    if (slug.length === 0 || slug.length > 255 || slug.includes('\u0000')) return null;
    return this.profiles.get(slug.toLowerCase(), () => this.readPublicProfile(slug));
  }

  private async readPublicProfile(slug: string): Promise<PublicShopProfile | null> {
    const row = await this.tenants.findPublicProfile(this.dataSource, slug);
    if (!row) return null;
    const paymentMethods = SHOP_PAYMENT_METHODS.filter((method) => row.payment_methods.includes(method));
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
      paymentMethods,
      bankTransferInstructions: paymentMethods.includes('bank_transfer') ? row.bank_transfer_instructions : null,
      phone: row.phone || null,
      whatsapp: row.whatsapp || null,
      email: row.email || null,
      address: row.address || null,
      logoUrl: row.logo_url || null,
      socialLinks: normalisedSocialLinks(row.social_links),
      updatedAt: row.updated_at,
    };
  }

  /** Up to `limit` public shops after the slug `after` (`''` from the first), by slug: a sitemap index's entries. */
  async publicShops(after: string, limit: number): Promise<Array<{ slug: string; updatedAt: Date }>> {
    const rows = await this.tenants.publicSlugs(this.dataSource, after, limit);
    return rows.map((row) => ({ slug: row.slug, updatedAt: row.updated_at }));
  }

  /** UUID, else slug: for endpoints (analytics) that take either in one field. */
  async byIdOrSlug(value: string): Promise<StorefrontTenant | null> {
    return isUuid(value) ? this.byId(value) : this.bySlug(value);
  }

  /** A shop changed: what is cached of it goes, and every absence (the change may be the shop that was missing). */
  private forget(tenantId: string): void {
    this.profiles.invalidate(tenantId);
    for (const [key, hit] of this.cache) if (hit.tenant === null || hit.tenant.id === tenantId) this.cache.delete(key);
  }

  private forgetAll(): void {
    this.profiles.clear();
    this.cache.clear();
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
