import { Text } from '@react-email/text';
import { formatDateTime, type ShopLanguage } from '@common/i18n/shop-locale';
import { formatMoney } from '@common/money/money';
import type { OrderSummary } from '@modules/orders';
import { MailLayout } from './mail-layout';
import { MAIL_TEXTS } from './mail-texts';
import { OrderAmounts } from './order-amounts';

export interface NewOrderMailProps {
  language: ShopLanguage;
  timezone: string;
  shopName: string;
  recipientName: string;
  /** `<APP_URL>/dashboard/orders/<id>`. */
  orderUrl: string;
  /** The order as the orders module reads it for this mail. */
  order: Omit<OrderSummary, 'id'>;
}

/** NewOrderMail (spec 6, decisions §19): the order's lines and totals, and a button to it in the dashboard. */
export function NewOrderMail({ language, timezone, shopName, recipientName, orderUrl, order }: NewOrderMailProps) {
  const texts = MAIL_TEXTS[language].newOrder;
  const money = (value: string) => formatMoney(value, order.currency, language);
  const customer = order.customerName.trim() || texts.fallbackCustomer;
  return (
    <MailLayout
      language={language}
      shopName={shopName}
      recipientName={recipientName}
      preview={texts.preview(order.orderNumber, customer, money(order.total))}
      action={{ href: orderUrl, label: texts.button }}
    >
      <Text>{texts.intro(shopName)}</Text>
      <Text>
        {texts.order}: #{order.orderNumber}
        <br />
        {texts.customer}: {customer}
        <br />
        {texts.placedAt}: {formatDateTime(order.createdAt, language, timezone)}
      </Text>
      <OrderAmounts lines={order.lines} order={order} labels={texts} money={money} />
    </MailLayout>
  );
}
