import { Text } from '@react-email/text';
import type { ShopLanguage } from '@common/i18n/shop-locale';
import { MailLayout } from './mail-layout';
import { MAIL_TEXTS } from './mail-texts';

export interface SubscriptionExpiringMailProps {
  language: ShopLanguage;
  shopName: string;
  recipientName: string;
  /** The period's end, already written in the shop's language and time zone (the subject shows it too). */
  endsOn: string;
  billingUrl: string;
}

/** SubscriptionExpiringMail (spec 6, decisions §19): the end of the paid period and the billing link. */
export function SubscriptionExpiringMail({ language, shopName, recipientName, endsOn, billingUrl }: SubscriptionExpiringMailProps) {
  const texts = MAIL_TEXTS[language].subscriptionExpiring;
  const intro = texts.intro(shopName, endsOn);
  return (
    <MailLayout
      language={language}
      shopName={shopName}
      recipientName={recipientName}
      preview={intro}
      action={{ href: billingUrl, label: texts.button }}
    >
      <Text>{intro}</Text>
      <Text>{texts.renew}</Text>
    </MailLayout>
  );
}
