import { Column, Row, Section, Text } from '@react-email/components';
import { formatDateTime, type ShopLanguage } from '@common/i18n/shop-locale';
import { formatMoney, toCents } from '@common/money/money';
import type { OrderSummary } from '@modules/orders';
import { MailLayout } from './mail-layout';
import { MAIL_TEXTS } from './mail-texts';

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

const cell = { padding: '4px 0', fontSize: '14px' };
const amount = { ...cell, textAlign: 'right' as const, whiteSpace: 'nowrap' as const };
const strong = { ...amount, fontWeight: 'bold' };

/** NewOrderMail (spec 6, decisions §19): the order's lines and totals, and a button to it in the dashboard. */
export function NewOrderMail({ language, timezone, shopName, recipientName, orderUrl, order }: NewOrderMailProps) {
  const texts = MAIL_TEXTS[language].newOrder;
  const money = (value: string) => formatMoney(value, order.currency, language);
  const customer = order.customerName.trim() || texts.fallbackCustomer;
  const totals: Array<[string, string, boolean]> = [[texts.subtotal, money(order.subtotal), false]];
  if (toCents(order.discountAmount) > 0) totals.push([texts.discount, `-${money(order.discountAmount)}`, false]);
  totals.push([texts.delivery, money(order.deliveryFee), false], [texts.total, money(order.total), true]);
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
      <Section>
        {order.lines.map((line, index) => (
          <Row key={index} className="mail-amounts">
            <Column style={cell}>
              {line.quantity} x {line.name}
            </Column>
            <Column style={amount}>{money(line.lineTotal)}</Column>
          </Row>
        ))}
      </Section>
      <Section style={{ borderTop: '1px solid #e4e4e7', marginTop: '8px' }}>
        {totals.map(([label, value, bold]) => (
          <Row key={label} className="mail-amounts">
            <Column style={bold ? { ...cell, fontWeight: 'bold' } : cell}>{label}</Column>
            <Column style={bold ? strong : amount}>{value}</Column>
          </Row>
        ))}
      </Section>
    </MailLayout>
  );
}
