import type { Language } from '@modules/shop-pages/i18n/shop-texts';

/** A product's page (`/s/{slug}/p/{id}-{name}`), rendered or from the page cache. */
export class ShowProductPageQuery {
  constructor(
    readonly slug: string,
    readonly productId: number,
    readonly language: Language,
  ) {}
}
