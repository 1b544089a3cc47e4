import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { SubscriptionStatus } from '@modules/accounts/domain/tenant';
import { type EnrichableColumn, TenantsRepository } from '../persistence/tenants.repository';

/** What AI enrichment reads of a shop: the rules' inputs and the current profile. */
export interface TenantProfile {
  id: string;
  name: string;
  /** The owner; null when the shop has none. */
  userId: string | null;
  subscriptionStatus: SubscriptionStatus;
  /** Archived (soft-deleted) shops are read too: the enrichment rules refuse them by name. */
  archived: boolean;
  isAiEnhanced: boolean;
  description: string | null;
  seoTitle: string | null;
  seoDescription: string | null;
  slogan: string | null;
  tags: string[];
}

/** Generated values to write; a field left out is not touched. */
export interface ProfileEnrichment {
  description?: string;
  seo_title?: string;
  seo_description?: string;
  slogan?: string;
  tags?: string[];
}

const COLUMNS: Record<keyof ProfileEnrichment, EnrichableColumn> = {
  description: 'description',
  seo_title: 'seo_title',
  seo_description: 'seo_description',
  slogan: 'slogan',
  tags: 'tags',
};

/** The enrichable part of a shop's profile (spec 2, Tenant): read and written only here. */
@Injectable()
export class TenantProfiles {
  constructor(private readonly tenants: TenantsRepository) {}

  /** The shop's profile, archived or not; `lock` holds its row until the caller's transaction ends. */
  async find(manager: EntityManager, tenantId: string, options: { lock?: boolean } = {}): Promise<TenantProfile | null> {
    const row = await this.tenants.findProfile(manager, tenantId, options.lock ?? false);
    if (!row) return null;
    return {
      id: row.id,
      name: row.name,
      userId: row.user_id,
      subscriptionStatus: row.subscription_status,
      archived: row.deleted_at !== null,
      isAiEnhanced: row.is_ai_enhanced,
      description: row.description,
      seoTitle: row.seo_title,
      seoDescription: row.seo_description,
      slogan: row.slogan,
      tags: Array.isArray(row.tags) ? (row.tags as string[]) : [],
    };
  }

  /**
   * Writes the given fields and marks the profile AI-enhanced, in the caller's transaction. The
   * caller has already dropped empty values: whatever is here is written as is.
   */
  async applyEnrichment(manager: EntityManager, tenantId: string, fields: ProfileEnrichment): Promise<void> {
    const columns: Array<[EnrichableColumn, unknown]> = [];
    for (const [field, column] of Object.entries(COLUMNS) as Array<[keyof ProfileEnrichment, EnrichableColumn]>) {
      const value = fields[field];
      if (value !== undefined) columns.push([column, value]);
    }
    await this.tenants.applyEnrichment(manager, tenantId, columns);
  }
}
