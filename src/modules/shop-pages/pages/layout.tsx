import type { ReactNode } from 'react';
import { JsonData } from './json-data';
import type { PageContext, ShopPageConfig } from './page-data';

interface LayoutProps {
  context: PageContext;
  page: ShopPageConfig['page'];
  title: string;
  description: string | null;
  path: string;
  image?: string | null;
  /** The JSON-LD, already written by `scriptSafeJson`. */
  structuredDataJson?: string;
  /** A page no search engine keeps (an order's status page). */
  noindex?: boolean;
  /** Open Graph's `og:type` (`website` unless said). */
  ogType?: 'website' | 'product';
  children: ReactNode;
}

const OG_LOCALES = { es: 'es_HN', en: 'en_US' } as const;

/** The document every shop page shares: head (SEO, Open Graph, assets), the config block, the body. */
export function Layout({ context, page, title, description, path, image, structuredDataJson, noindex, ogType, children }: LayoutProps) {
  const { shop, language, baseUrl, assets } = context;
  const url = `${baseUrl}${path}`;
  const config: ShopPageConfig = {
    tenantId: shop.id,
    slug: shop.slug,
    language,
    currency: shop.currency,
    page,
    locations: shop.locations,
  };
  return (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {noindex ? <meta name="robots" content="noindex, nofollow" /> : null}
        <title>{title}</title>
        {description ? <meta name="description" content={description} /> : null}
        <link rel="canonical" href={url} />
        <meta property="og:type" content={ogType ?? 'website'} />
        <meta property="og:site_name" content={shop.name} />
        <meta property="og:title" content={title} />
        {description ? <meta property="og:description" content={description} /> : null}
        <meta property="og:url" content={url} />
        <meta property="og:locale" content={OG_LOCALES[language]} />
        {image ? <meta property="og:image" content={image} /> : null}
        <link rel="stylesheet" href={assets.styles} />
        <script type="module" src={assets.script} />
        {structuredDataJson ? <JsonData type="application/ld+json" json={structuredDataJson} /> : null}
      </head>
      <body data-page={page}>
        {children}
        <JsonData type="application/json" id="shop-config" value={config} />
      </body>
    </html>
  );
}
