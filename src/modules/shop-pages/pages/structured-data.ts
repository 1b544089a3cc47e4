import type { PageContext, ShopProduct } from './page-data';
import { productPath } from './product-path';
import { shortened, STRUCTURED_DESCRIPTION_MAX } from './shortened';

const AVAILABILITY = {
  in_stock: 'https://schema.org/InStock',
  low_stock: 'https://schema.org/LimitedAvailability',
  sold_out: 'https://schema.org/OutOfStock',
} as const;

/** schema.org `Store` with its contact details and its catalog: each `Product` with its `Offer` (price, currency, availability): the page's JSON-LD. */
export function storeStructuredData(context: PageContext, products: ShopProduct[]) {
  const { shop, baseUrl } = context;
  const url = `${baseUrl}/s/${shop.slug}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'Store',
    name: shop.name,
    ...(shop.seo_description || shop.description ? { description: shop.seo_description || shop.description } : {}),
    ...(shop.slogan ? { slogan: shop.slogan } : {}),
    url,
    currenciesAccepted: shop.currency,
    ...(shop.locations.some((location) => location.address)
      ? { address: shop.locations.filter((location) => location.address).map((location) => location.address) }
      : shop.address
        ? { address: shop.address }
        : {}),
    ...(shop.phone ? { telephone: shop.phone } : {}),
    ...(shop.email ? { email: shop.email } : {}),
    ...(shop.logo_url ? { logo: shop.logo_url } : {}),
    ...(Object.values(shop.social_links).length > 0 ? { sameAs: Object.values(shop.social_links) } : {}),
    hasOfferCatalog: {
      '@type': 'OfferCatalog',
      name: shop.name,
      itemListElement: products.map((product) => productStructuredData(context, product)),
    },
  };
}

/** One `Product` of the store's catalog, with its `Offer`; its description shortened (search engines show less). */
export function productStructuredData(context: PageContext, product: ShopProduct) {
  const { shop, baseUrl } = context;
  return {
    '@type': 'Product',
    name: product.name,
    url: `${baseUrl}${productPath(shop.slug, product)}`,
    ...(product.description ? { description: shortened(product.description, STRUCTURED_DESCRIPTION_MAX) } : {}),
    ...(product.image_url ? { image: product.image_url } : {}),
    offers: {
      '@type': 'Offer',
      price: product.price.toFixed(2),
      priceCurrency: shop.currency,
      availability: AVAILABILITY[product.availability],
    },
  };
}

/** A product's own page: its `Product` (its `Offer` with price, currency and schema.org availability), on its own. */
export function productPageStructuredData(context: PageContext, product: ShopProduct) {
  return { '@context': 'https://schema.org', ...productStructuredData(context, product) };
}
