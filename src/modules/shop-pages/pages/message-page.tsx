import type { Language } from '../i18n/shop-texts';

/** A page that only says one thing (not found, briefly unavailable): a heading, a line, no index. */
export function MessagePage({ language, styles, title, text }: { language: Language; styles: string; title: string; text: string }) {
  return (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{title}</title>
        <link rel="stylesheet" href={styles} />
      </head>
      <body>
        <main className="container not-found">
          <h1>{title}</h1>
          <p>{text}</p>
        </main>
      </body>
    </html>
  );
}
