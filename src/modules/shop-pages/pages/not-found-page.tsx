import { SHOP_TEXTS, type Language } from '../i18n/shop-texts';

/** The answer for an unknown, archived or inactive shop (status 404): says so, and nothing about why. */
export function NotFoundPage({ language, styles }: { language: Language; styles: string }) {
  const texts = SHOP_TEXTS[language];
  return (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{texts.notFoundTitle}</title>
        <link rel="stylesheet" href={styles} />
      </head>
      <body>
        <main className="container not-found">
          <h1>{texts.notFoundTitle}</h1>
          <p>{texts.notFound}</p>
        </main>
      </body>
    </html>
  );
}
