/** A shop's states and settings, as the `tenants` table stores them (`persistence/tenant.entity.ts`). */
export const TENANT_STATUSES = ['active', 'inactive'] as const;
export type TenantStatus = (typeof TENANT_STATUSES)[number];
export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'canceled', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export type ShopLanguage = 'es' | 'en';
export const SHOP_LANGUAGE_CODES = ['es', 'en'] as const satisfies readonly ShopLanguage[];
