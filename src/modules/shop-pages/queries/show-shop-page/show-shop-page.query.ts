import type { Language } from '@modules/shop-pages/i18n/shop-texts';

export type ShopPageKind = 'shop' | 'checkout';

/** A hosted page of the shop (`/s/{slug}`, `/s/{slug}/checkout`), rendered or from the page cache. */
export class ShowShopPageQuery {
  constructor(
    readonly slug: string,
    readonly kind: ShopPageKind,
    readonly language: Language,
    /** The search (shop page only). */
    readonly q: string | null = null,
    /** The catalog's cursor for a later page of products (shop page only). */
    readonly cursor: string | null = null,
    /** The slug of the category whose products the page shows (shop page only). */
    readonly category: string | null = null,
  ) {}
}
