import { SHOP_TEXTS, type Language } from '../i18n/shop-texts';
import { MessagePage } from './message-page';

/** The answer while a dependency is unreachable and no copy of the page is at hand (status 503): try again soon. */
export function UnavailablePage({ language, styles }: { language: Language; styles: string }) {
  const texts = SHOP_TEXTS[language];
  return <MessagePage language={language} styles={styles} title={texts.unavailableTitle} text={texts.shopUnavailable} />;
}
