import { DomainEvent } from '@common/events/domain-event';

/** The profile fields AI enrichment may write (spec 2, Tenant). */
export const ENRICHABLE_FIELDS = ['description', 'seo_title', 'seo_description', 'slogan', 'tags'] as const;
export type EnrichableField = (typeof ENRICHABLE_FIELDS)[number];

export interface TenantProfileEnhancedPayload {
  tenant_id: string;
  /** The shop's owner. */
  user_id: string;
  /** Who asked for the enrichment (the owner or an admin). */
  triggered_by: string;
  /** The fields actually applied: a subset of ENRICHABLE_FIELDS. */
  enhanced_fields: EnrichableField[];
  /** Tokens the provider reported for the call (`usage.total_tokens`), null when it reported none. */
  tokens_used: number | null;
  /** Credits the enrichment spent (AI_CREDITS_PER_CALL at dispatch). */
  credits_spent: number;
}

/** Recorded in the transaction that applies an AI enrichment to a shop's profile (spec 6). */
export class TenantProfileEnhanced extends DomainEvent<TenantProfileEnhancedPayload> {
  static readonly type = 'TenantProfileEnhanced';
}
