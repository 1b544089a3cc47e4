import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { SubscriptionStatus } from '@modules/accounts/domain/tenant';

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

const COLUMNS: Record<keyof ProfileEnrichment, string> = {
  description: 'description',
  seo_title: 'seo_title',
  seo_description: 'seo_description',
  slogan: 'slogan',
  tags: 'tags',
};

/** The enrichable part of a shop's profile (spec 2, Tenant): read and written only here. */
@Injectable()
export class TenantProfiles {
  /** The shop's profile, archived or not; `lock` holds its row until the caller's transaction ends. */
  async find(manager: EntityManager, tenantId: string, options: { lock?: boolean } = {}): Promise<TenantProfile | null> {
    const rows: Array<Record<string, unknown>> = await manager.query(
      `SELECT id, name, user_id, subscription_status, deleted_at, is_ai_enhanced, description, seo_title, seo_description, slogan, tags
         FROM tenants WHERE id = $1 ${options.lock ? 'FOR UPDATE' : ''}`,
      [tenantId],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.id as string,
      name: row.name as string,
      userId: row.user_id as string | null,
      subscriptionStatus: row.subscription_status as SubscriptionStatus,
      archived: row.deleted_at !== null,
      isAiEnhanced: row.is_ai_enhanced as boolean,
      description: row.description as string | null,
      seoTitle: row.seo_title as string | null,
      seoDescription: row.seo_description as string | null,
      slogan: row.slogan as string | null,
      tags: Array.isArray(row.tags) ? (row.tags as string[]) : [],
    };
  }

  /**
   * Writes the given fields and marks the profile AI-enhanced, in the caller's transaction. The
   * caller has already dropped empty values: whatever is here is written as is.
   */
  async applyEnrichment(manager: EntityManager, tenantId: string, fields: ProfileEnrichment): Promise<void> {
    const sets: string[] = [];
    const values: unknown[] = [tenantId];
    for (const [field, column] of Object.entries(COLUMNS) as Array<[keyof ProfileEnrichment, string]>) {
      const value = fields[field];
      if (value === undefined) continue;
      values.push(field === 'tags' ? JSON.stringify(value) : value);
      sets.push(`${column} = $${values.length}${field === 'tags' ? '::jsonb' : ''}`);
    }
    await manager.query(`UPDATE tenants SET ${[...sets, 'is_ai_enhanced = true', 'updated_at = now()'].join(', ')} WHERE id = $1`, values);
  }
}
