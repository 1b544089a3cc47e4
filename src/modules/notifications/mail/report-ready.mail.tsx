import { Text } from '@react-email/text';
import { formatDateTime, formatDay, type ShopLanguage } from '@common/i18n/shop-locale';
import { MailLayout } from './mail-layout';
import { MAIL_TEXTS } from './mail-texts';

export interface ReportReadyMailProps {
  language: ShopLanguage;
  timezone: string;
  shopName: string;
  recipientName: string;
  /** The report's days, `YYYY-MM-DD`. */
  range: { from: string; to: string };
  /** The signed download link and when it stops working. */
  link: { url: string; expiresAt: Date };
}

/** ReportReadyMail (spec 6, decisions §19): the download link and its expiry in the shop's time zone. */
export function ReportReadyMail({ language, timezone, shopName, recipientName, range, link }: ReportReadyMailProps) {
  const texts = MAIL_TEXTS[language].reportReady;
  const intro = texts.intro(shopName, formatDay(range.from, language), formatDay(range.to, language));
  return (
    <MailLayout
      language={language}
      shopName={shopName}
      recipientName={recipientName}
      preview={intro}
      action={{ href: link.url, label: texts.button }}
    >
      <Text>{intro}</Text>
      <Text>{texts.expiry(formatDateTime(link.expiresAt, language, timezone))}</Text>
    </MailLayout>
  );
}
