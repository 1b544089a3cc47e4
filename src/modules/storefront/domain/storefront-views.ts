import type { StorefrontCategory, StorefrontLocation, StorefrontProduct } from '@modules/catalog';

/** What `GET /api/v1/storefront/{slug}` shows of a public shop (decisions §18). */
export interface StorefrontShop {
  slug: string;
  name: string;
  description: string | null;
  slogan: string | null;
  seo_title: string | null;
  seo_description: string | null;
  tags: string[];
  currency: string;
  /** The payment methods the shop accepts (docs/commerce.md, "Payment methods"). */
  payment_methods: Array<'cash' | 'bank_transfer'>;
  /** Shown to a shopper who pays by transfer; null unless the shop accepts transfers. */
  bank_transfer_instructions: string | null;
  /** The shop's contact details, each null when it has none; its social links, `{}` when none. */
  phone: string | null;
  whatsapp: string | null;
  email: string | null;
  address: string | null;
  logo_url: string | null;
  social_links: { facebook?: string; instagram?: string; tiktok?: string };
  locations: StorefrontLocation[];
}

/** One page of a shop's active products: pass `next_cursor` as `cursor` for the next; null on the last. */
export interface StorefrontProductPage {
  data: StorefrontProduct[];
  next_cursor: string | null;
}

/**
 * What the storefront queries answer: the public part (`shop` or `page`, exactly what the API shows)
 * and, beside it, what only the service's own pages use: the shop's id and language, and `etag`, a
 * strong validator of the public part (it changes whenever any shown byte does).
 */
export interface StorefrontShopView {
  shop: StorefrontShop;
  tenantId: string;
  language: 'es' | 'en';
  etag: string;
}

export interface StorefrontProductsView {
  page: StorefrontProductPage;
  tenantId: string;
  etag: string;
}

/** The shop's categories that hold active products, as `GET /api/v1/storefront/{slug}/categories` lists them (`data`). */
export interface StorefrontCategoriesView {
  categories: StorefrontCategory[];
  tenantId: string;
  etag: string;
}
