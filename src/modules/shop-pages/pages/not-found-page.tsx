import { SHOP_TEXTS, type Language } from '../i18n/shop-texts';
import { MessagePage } from './message-page';

/** The answer for an unknown, archived or inactive shop (status 404): says so, and nothing about why. */
export function NotFoundPage({ language, styles }: { language: Language; styles: string }) {
  const texts = SHOP_TEXTS[language];
  return <MessagePage language={language} styles={styles} title={texts.notFoundTitle} text={texts.notFound} />;
}
