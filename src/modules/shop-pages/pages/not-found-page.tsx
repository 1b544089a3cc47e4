import { SHOP_TEXTS, type Language } from '../i18n/shop-texts';
import { MessagePage } from './message-page';

/**
 * The answer for an unknown, archived or inactive shop (status 404), or for a product a public shop
 * does not sell (`what: 'product'`): says so, and nothing about why.
 */
export function NotFoundPage({ language, styles, what = 'shop' }: { language: Language; styles: string; what?: 'shop' | 'product' }) {
  const texts = SHOP_TEXTS[language];
  return what === 'product' ? (
    <MessagePage language={language} styles={styles} title={texts.productNotFoundTitle} text={texts.productNotFound} />
  ) : (
    <MessagePage language={language} styles={styles} title={texts.notFoundTitle} text={texts.notFound} />
  );
}
