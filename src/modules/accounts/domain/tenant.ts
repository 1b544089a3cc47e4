/** A shop's states and settings, as the `tenants` table stores them (`persistence/tenant.entity.ts`). */
export type TenantStatus = 'active' | 'inactive';
export type SubscriptionStatus = 'trialing' | 'active' | 'past_due' | 'canceled' | 'expired';
export type ShopLanguage = 'es' | 'en';
