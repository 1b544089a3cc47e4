import { Column } from '@react-email/column';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { toCents } from '@common/money/money';

const cell = { padding: '4px 0', fontSize: '14px' };
const amount = { ...cell, textAlign: 'right' as const, whiteSpace: 'nowrap' as const };
const strong = { ...amount, fontWeight: 'bold' };

/** The labels of the totals, in the mail's language. */
export interface AmountLabels {
  subtotal: string;
  discount: string;
  delivery: string;
  total: string;
}

export interface OrderAmountsProps {
  /** Each line as written: its quantity, name and line total (a decimal string). */
  lines: Array<{ quantity: number; name: string; lineTotal: string }>;
  order: { subtotal: string; discountAmount: string; deliveryFee: string; total: string };
  labels: AmountLabels;
  /** A decimal amount as the mail writes it (formatMoney in the order's currency and the mail's language). */
  money: (value: string) => string;
}

/**
 * An order's lines and totals as rows of two columns (`table.mail-amounts`, which the text part
 * reads as columns: render-mail.ts): subtotal, the discount when there is one, delivery, total.
 */
export function OrderAmounts({ lines, order, labels, money }: OrderAmountsProps) {
  const totals: Array<[string, string, boolean]> = [[labels.subtotal, money(order.subtotal), false]];
  if (toCents(order.discountAmount) > 0) totals.push([labels.discount, `-${money(order.discountAmount)}`, false]);
  totals.push([labels.delivery, money(order.deliveryFee), false], [labels.total, money(order.total), true]);
  return (
    <>
      <Section>
        {lines.map((line, index) => (
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
    </>
  );
}
