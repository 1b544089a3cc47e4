import type { Language, ShopTexts } from '../i18n/shop-texts';

/** The shop as the public catalog answers it (decisions §18), plus its id for the analytics calls. */
export interface ShopProfile {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  slogan: string | null;
  seo_title: string | null;
  seo_description: string | null;
  tags: string[];
  currency: string;
  /** The payment methods the shop accepts, cash first, and what a shopper paying by transfer is told. */
  payment_methods: PaymentMethod[];
  bank_transfer_instructions: string | null;
  /** The shop's contact details, each null when it has none, and its social links (`{}` when none). */
  phone: string | null;
  whatsapp: string | null;
  email: string | null;
  address: string | null;
  logo_url: string | null;
  social_links: Partial<Record<SocialNetwork, string>>;
  locations: ShopLocation[];
}

export type PaymentMethod = 'cash' | 'bank_transfer';

/** The networks a shop may link to, in the order its page lists them. */
export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'tiktok'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export interface ShopLocation {
  id: string;
  name: string;
  address: string | null;
  phone: string | null;
  delivery_fee: number;
  is_primary: boolean;
}

/** A category the shop page links to: one with active products. */
export interface ShopCategory {
  id: number;
  name: string;
  slug: string;
}

export type Availability = 'in_stock' | 'low_stock' | 'sold_out';

export interface ShopProduct {
  id: number;
  name: string;
  description: string | null;
  price: number;
  image_url: string | null;
  availability: Availability;
}

/** What every page template gets. */
export interface PageContext {
  shop: ShopProfile;
  language: Language;
  texts: ShopTexts;
  /** Absolute URL of the service (APP_URL), for canonical links and Open Graph. */
  baseUrl: string;
  assets: { script: string; styles: string };
}

/** What the client script reads from the page (a JSON data block, never executed). */
export interface ShopPageConfig {
  tenantId: string;
  slug: string;
  language: Language;
  currency: string;
  page: 'shop' | 'product' | 'checkout' | 'order';
  locations: ShopLocation[];
}
