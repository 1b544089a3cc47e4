import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { formatDateTime, type ShopLanguage } from '@common/i18n/shop-locale';
import { formatMoney } from '@common/money/money';
import type { ShopperOrder } from '@modules/orders';
import { MailLayout } from './mail-layout';
import { MAIL_TEXTS, type ShopperMailStatus } from './mail-texts';
import { OrderAmounts } from './order-amounts';

/** What the shopper's mails show of the order and its shop. */
export type ShopperMailOrder = Pick<
  ShopperOrder,
  | 'orderNumber'
  | 'customerName'
  | 'paymentMethod'
  | 'location'
  | 'items'
  | 'subtotal'
  | 'discountAmount'
  | 'deliveryFee'
  | 'total'
  | 'currency'
  | 'createdAt'
> & { shop: Pick<ShopperOrder['shop'], 'name' | 'bankTransferInstructions' | 'phone' | 'whatsapp'> };

interface ShopperMailProps {
  language: ShopLanguage;
  timezone: string;
  order: ShopperMailOrder;
  /** The order's status link. */
  statusUrl: string;
}

const box = { backgroundColor: '#f4f4f5', borderRadius: '6px', padding: '8px 16px', margin: '16px 0' };

/** `https://wa.me/<digits>` of a WhatsApp number. */
export function whatsappUrl(number: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}`;
}

/** The shop's phone (a `tel:` link) and WhatsApp, where it has them; nothing otherwise. */
function ShopContact({ language, shop }: { language: ShopLanguage; shop: ShopperMailOrder['shop'] }) {
  const texts = MAIL_TEXTS[language].shopper;
  if (!shop.phone && !shop.whatsapp) return null;
  return (
    <Text>
      <strong>{texts.contact}</strong>
      {shop.phone ? (
        <>
          <br />
          {texts.phone}: <Link href={`tel:${shop.phone.replace(/[^\d+]/g, '')}`}>{shop.phone}</Link>
        </>
      ) : null}
      {shop.whatsapp ? (
        <>
          <br />
          {texts.whatsapp}: <Link href={whatsappUrl(shop.whatsapp)}>{shop.whatsapp}</Link>
        </>
      ) : null}
    </Text>
  );
}

/** The mail of a placed order: its lines and totals, how it is paid (a transfer's details), the branch, the shop's contact. */
export function ShopperOrderPlacedMail({ language, timezone, order, statusUrl }: ShopperMailProps) {
  const texts = MAIL_TEXTS[language].shopper;
  const money = (value: string) => formatMoney(value, order.currency, language);
  const transfer = order.paymentMethod === 'bank_transfer' ? order.shop.bankTransferInstructions : null;
  return (
    <MailLayout
      language={language}
      shopName={order.shop.name}
      recipientName={order.customerName}
      preview={texts.placedPreview(order.orderNumber, money(order.total))}
      action={{ href: statusUrl, label: texts.button }}
      footer={texts.footer(order.shop.name)}
    >
      <Text>{texts.placedIntro(order.shop.name)}</Text>
      <Text>
        {texts.order}: #{order.orderNumber}
        <br />
        {texts.placedAt}: {formatDateTime(order.createdAt, language, timezone)}
        <br />
        {texts.paymentMethod}: {texts.paymentMethods[order.paymentMethod] ?? order.paymentMethod}
        {order.location ? (
          <>
            <br />
            {texts.branch}: {order.location.name}
            {order.location.address ? `, ${order.location.address}` : ''}
          </>
        ) : null}
      </Text>
      <OrderAmounts
        lines={order.items.map((item) => ({ quantity: item.quantity, name: item.name, lineTotal: item.line_total }))}
        order={order}
        labels={texts}
        money={money}
      />
      {transfer ? (
        <Section style={box}>
          <Text>
            <strong>{texts.transferInstructions}</strong>
            <br />
            {transfer}
          </Text>
        </Section>
      ) : null}
      <ShopContact language={language} shop={order.shop} />
    </MailLayout>
  );
}

/** The short mail of a status change: the new status, what comes next, the shop's contact and the link. */
export function ShopperOrderStatusMail({ language, order, statusUrl, status }: ShopperMailProps & { status: ShopperMailStatus }) {
  const texts = MAIL_TEXTS[language].shopper;
  const line = texts.statusLine(order.orderNumber, status);
  return (
    <MailLayout
      language={language}
      shopName={order.shop.name}
      recipientName={order.customerName}
      preview={line}
      action={{ href: statusUrl, label: texts.button }}
      footer={texts.footer(order.shop.name)}
    >
      <Text>
        <strong>{line}</strong> {texts.statusNext[status]}
      </Text>
      <ShopContact language={language} shop={order.shop} />
    </MailLayout>
  );
}
