import { formatDateTime, shopLanguage, shopTimezone } from '@common/i18n/shop-locale';
import { MAIL_TEXTS } from './mail-texts';
import { NewOrderMail, type NewOrderMailProps } from './new-order.mail';
import { renderMail } from './render-mail';
import { ReportReadyMail, type ReportReadyMailProps } from './report-ready.mail';
import { type ShopperMailOrder, ShopperOrderPlacedMail, ShopperOrderStatusMail } from './shopper-order.mail';
import { SubscriptionExpiringMail } from './subscription-expiring.mail';
import type { ShopperMailStatus } from './mail-texts';

/** The shop a mail speaks for, as stored (`tenants.name`, `language`, `timezone`). */
export interface MailShop {
  name: string;
  language: string;
  timezone: string;
}

/** A rendered mail: subject, HTML and the plain text read from the same template. */
export interface ShopMail {
  subject: string;
  html: string;
  text: string;
}

/** The dashboard page of an order: `<APP_URL>/dashboard/orders/<id>` (decisions §19). */
export function dashboardOrderUrl(appUrl: string, orderId: number | string): string {
  return `${appUrl.replace(/\/+$/, '')}/dashboard/orders/${orderId}`;
}

/** The new-order mail to one of the shop's people, in the shop's language and time zone. */
export async function renderNewOrderMail(
  shop: MailShop,
  recipientName: string,
  order: NewOrderMailProps['order'] & { id: number },
  appUrl: string,
): Promise<ShopMail> {
  const language = shopLanguage(shop.language);
  const subject = MAIL_TEXTS[language].newOrder.subject(shop.name, order.orderNumber);
  const parts = await renderMail(
    <NewOrderMail
      language={language}
      timezone={shopTimezone(shop.timezone)}
      shopName={shop.name}
      recipientName={recipientName}
      orderUrl={dashboardOrderUrl(appUrl, order.id)}
      order={order}
    />,
  );
  return { subject, ...parts };
}

/** The report-ready mail: the signed link and its expiry. */
export async function renderReportReadyMail(
  shop: MailShop,
  recipientName: string,
  range: ReportReadyMailProps['range'],
  link: ReportReadyMailProps['link'],
): Promise<ShopMail> {
  const language = shopLanguage(shop.language);
  const parts = await renderMail(
    <ReportReadyMail
      language={language}
      timezone={shopTimezone(shop.timezone)}
      shopName={shop.name}
      recipientName={recipientName}
      range={range}
      link={link}
    />,
  );
  return { subject: MAIL_TEXTS[language].reportReady.subject(shop.name), ...parts };
}

/** The subscription reminder: the end of the paid period, in the shop's time zone, and the billing page. */
export async function renderSubscriptionExpiringMail(
  shop: MailShop,
  recipientName: string,
  endsAt: Date,
  appUrl: string,
): Promise<ShopMail> {
  const language = shopLanguage(shop.language);
  const endsOn = formatDateTime(endsAt, language, shop.timezone);
  const parts = await renderMail(
    <SubscriptionExpiringMail
      language={language}
      shopName={shop.name}
      recipientName={recipientName}
      endsOn={endsOn}
      billingUrl={`${appUrl.replace(/\/+$/, '')}/billing`}
    />,
  );
  return { subject: MAIL_TEXTS[language].subscriptionExpiring.subject(shop.name, endsOn), ...parts };
}

/** The shopper's mail of a placed order, in the shop's language and time zone (docs/notifications.md, "Mails to the shopper"). */
export async function renderShopperOrderPlacedMail(
  shop: { language: string; timezone: string },
  order: ShopperMailOrder,
  statusUrl: string,
): Promise<ShopMail> {
  const language = shopLanguage(shop.language);
  const parts = await renderMail(
    <ShopperOrderPlacedMail language={language} timezone={shopTimezone(shop.timezone)} order={order} statusUrl={statusUrl} />,
  );
  return { subject: MAIL_TEXTS[language].shopper.placedSubject(order.shop.name, order.orderNumber), ...parts };
}

/** The shopper's mail of a status change (confirmed, ready, delivered, cancelled), in the shop's language. */
export async function renderShopperOrderStatusMail(
  shop: { language: string; timezone: string },
  order: ShopperMailOrder,
  status: ShopperMailStatus,
  statusUrl: string,
): Promise<ShopMail> {
  const language = shopLanguage(shop.language);
  const parts = await renderMail(
    <ShopperOrderStatusMail
      language={language}
      timezone={shopTimezone(shop.timezone)}
      order={order}
      status={status}
      statusUrl={statusUrl}
    />,
  );
  return { subject: MAIL_TEXTS[language].shopper.statusSubject(order.shop.name, order.orderNumber, status), ...parts };
}
