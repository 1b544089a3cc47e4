import type { Language } from '@modules/shop-pages/i18n/shop-texts';

/** The status page of an order: the shop's slug, the order's number, the link's token, the page's language. */
export class ShowOrderStatusPageQuery {
  constructor(
    readonly slug: string,
    readonly orderNumber: string,
    readonly token: string | null,
    readonly language: Language,
  ) {}
}

/** The page to answer: 200, or 404 for a link that opens no order (or an unknown shop). */
export interface OrderStatusPage {
  status: 200 | 404;
  html: string;
}
