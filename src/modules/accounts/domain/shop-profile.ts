import { TIME_ZONE_MAX_LENGTH } from '@common/util/time-zone';

/**
 * What a shop's own people may write of its profile (decisions §17), with the limits AI enrichment
 * applies to the same columns (decisions §8; `ai/domain/generated-profile.ts` keeps the same
 * numbers): a value the merchant may type is one the enrichment may write, and back.
 */
export const SHOP_FIELD_MAX_LENGTH = {
  name: 255,
  description: 5000,
  seo_title: 255,
  seo_description: 1000,
  slogan: 255,
} as const;
export const SHOP_MAX_TAGS = 20;
export const SHOP_TAG_MAX_LENGTH = 50;
/** `tenants.timezone` is varchar(64), as long as a time zone name may be (common/util/time-zone.ts). */
export const SHOP_TIMEZONE_MAX_LENGTH = TIME_ZONE_MAX_LENGTH;

/** How a shopper may pay a shop (docs/commerce.md, "Payment methods"); `tenants.payment_methods` holds a non-empty subset. */
export const SHOP_PAYMENT_METHODS = ['cash', 'bank_transfer'] as const;
export type ShopPaymentMethod = (typeof SHOP_PAYMENT_METHODS)[number];
/** `tenants.bank_transfer_instructions` is varchar(1000). */
export const BANK_TRANSFER_INSTRUCTIONS_MAX_LENGTH = 1000;
const BANK_TRANSFER_INSTRUCTIONS_REQUIRED = 'The bank transfer instructions are required when the shop accepts bank transfers.';

/**
 * The shop's payment settings once a change is applied to what it has: the error of a shop that
 * would accept transfers without telling shoppers how to make one, else null.
 */
export function paymentSettingsError(settings: {
  paymentMethods: readonly string[];
  bankTransferInstructions: string | null;
}): string | null {
  return settings.paymentMethods.includes('bank_transfer') && !settings.bankTransferInstructions
    ? BANK_TRANSFER_INSTRUCTIONS_REQUIRED
    : null;
}

/**
 * The shop's contact details (docs/accounts.md, "The shop's contact details"): the longest each
 * column holds. The phone and WhatsApp rules are `common/http/contact-fields.ts`, shared with the
 * locations' phone.
 */
export const SHOP_CONTACT_MAX_LENGTH = {
  email: 254,
  address: 500,
  logo_url: 2048,
} as const;

/** The networks a shop may link to, in the order every answer lists them; each link an https:// URL of at most 2048 characters. */
export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'tiktok'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export type SocialLinks = Partial<Record<SocialNetwork, string>>;
export const SOCIAL_LINK_MAX_LENGTH = 2048;

/**
 * Social links as the shop keeps them (and as a stored value is read back): the known networks with
 * a link, in list order; a blank or null link is dropped, anything but an object is none.
 */
export function normalisedSocialLinks(links: unknown): SocialLinks {
  const kept: SocialLinks = {};
  if (links === null || typeof links !== 'object') return kept;
  for (const network of SOCIAL_NETWORKS) {
    const link = (links as Partial<Record<SocialNetwork, unknown>>)[network];
    if (typeof link === 'string' && link.trim() !== '') kept[network] = link.trim();
  }
  return kept;
}

/** Tags as a shop keeps them: trimmed, blanks dropped, the first of case-insensitive duplicates kept. */
export function normalisedTags(tags: readonly string[]): string[] {
  const kept = new Map<string, string>();
  for (const tag of tags) {
    const text = tag.trim();
    if (text !== '' && !kept.has(text.toLowerCase())) kept.set(text.toLowerCase(), text);
  }
  return [...kept.values()];
}
