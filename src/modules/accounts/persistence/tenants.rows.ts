import type { SubscriptionStatus } from '../domain/tenant';

/** What a storefront request needs of a shop. */
export interface StorefrontTenantRow {
  id: string;
  slug: string;
  is_public: boolean;
}

/** A public shop's storefront profile (`TenantDirectory.publicProfile`). */
export interface PublicTenantProfileRow {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  slogan: string | null;
  seo_title: string | null;
  seo_description: string | null;
  tags: unknown;
  language: string;
  payment_methods: string[];
  bank_transfer_instructions: string | null;
  updated_at: Date;
  phone: string | null;
  whatsapp: string | null;
  email: string | null;
  address: string | null;
  logo_url: string | null;
  social_links: unknown;
}

/** The enrichable profile and the enrichment rules' inputs (`TenantProfiles.find`). */
export interface TenantProfileRow {
  id: string;
  name: string;
  user_id: string | null;
  subscription_status: SubscriptionStatus;
  deleted_at: Date | null;
  is_ai_enhanced: boolean;
  description: string | null;
  seo_title: string | null;
  seo_description: string | null;
  slogan: string | null;
  tags: unknown;
}

/** A live shop whose subscription is about to end, with its owner. */
export interface ExpiringSubscriptionRow {
  tenant_id: string;
  tenant_name: string;
  language: string;
  timezone: string;
  ends_at: Date;
  owner_id: string;
  owner_name: string;
  owner_email: string;
}

/** The subscription state of a locked shop. */
export interface TenantSubscriptionRow {
  id: string;
  subscription_status: SubscriptionStatus;
}

/** A live shop as its people see and edit it (GET/PATCH /api/v1/merchant/shop). */
export interface ShopRow {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  seo_title: string | null;
  seo_description: string | null;
  slogan: string | null;
  tags: unknown;
  is_ai_enhanced: boolean;
  ai_credits: number;
  subscription_status: SubscriptionStatus;
  language: string;
  timezone: string;
  payment_methods: string[];
  bank_transfer_instructions: string | null;
  phone: string | null;
  whatsapp: string | null;
  email: string | null;
  address: string | null;
  logo_url: string | null;
  social_links: unknown;
}
