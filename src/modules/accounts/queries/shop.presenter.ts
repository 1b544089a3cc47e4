import type { ShopResource } from '../dto/shop.dto';
import { normalisedSocialLinks, type ShopPaymentMethod } from '../domain/shop-profile';
import type { ShopLanguage } from '../domain/tenant';
import type { ShopRow } from '../persistence/tenants.rows';

/** The shop's resource: the row plus what the configuration adds (`APP_URL`, `APP_CURRENCY`). */
export function toShopResource(row: ShopRow, settings: { appUrl: string; currency: string }): ShopResource {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    seo_title: row.seo_title,
    seo_description: row.seo_description,
    slogan: row.slogan,
    tags: Array.isArray(row.tags) ? (row.tags as string[]) : [],
    is_ai_enhanced: row.is_ai_enhanced,
    ai_credits: row.ai_credits,
    subscription_status: row.subscription_status,
    storefront_url: `${settings.appUrl.replace(/\/+$/, '')}/s/${row.slug}`,
    currency: settings.currency,
    language: row.language as ShopLanguage,
    timezone: row.timezone,
    payment_methods: row.payment_methods as ShopPaymentMethod[],
    bank_transfer_instructions: row.bank_transfer_instructions,
    phone: row.phone,
    whatsapp: row.whatsapp,
    email: row.email,
    address: row.address,
    logo_url: row.logo_url,
    social_links: normalisedSocialLinks(row.social_links),
  };
}
