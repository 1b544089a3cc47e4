import { formatMoney, toCents, centsToNumber } from '@common/money/money';
import { escapeHtml } from '@common/util/html';
import type { NotificationRecipient } from '@modules/accounts';
import type { OrderPlacedPayload } from '@modules/orders';
import type { NotificationMessage } from '../notifier.service';

/** The word a notification uses when an order carries no customer name (decisions §9). */
const FALLBACK_CUSTOMER = 'Customer';

/** NewOrderNotification (spec 6): what a shop's admins are told of a new order, on all four channels. */
export function newOrderNotification(order: OrderPlacedPayload, shopName: string, appUrl: string): NotificationMessage {
  const customer = order.customer_name?.trim() || FALLBACK_CUSTOMER;
  const total = formatMoney(order.total, order.currency);
  const url = `${appUrl}/dashboard/orders/${order.order_id}`;
  const summary = {
    order_id: order.order_id,
    order_number: order.order_number,
    customer_name: customer,
    total: centsToNumber(toCents(order.total)),
    currency: order.currency,
  };
  const headline = `Order #${order.order_number} from ${customer} — ${total}`;
  return {
    type: 'new_order',
    data: { ...summary, url },
    mail: (recipient: NotificationRecipient) => ({
      to: recipient.email,
      subject: `${shopName}: new order #${order.order_number}`,
      text: [
        `Hello ${recipient.name},`,
        '',
        `${shopName} has a new order.`,
        '',
        `Order: #${order.order_number}`,
        `Customer: ${customer}`,
        `Total: ${total}`,
        '',
        `View it: ${url}`,
      ].join('\n'),
      html: [
        `<p>Hello ${escapeHtml(recipient.name)},</p>`,
        `<p><strong>${escapeHtml(shopName)}</strong> has a new order.</p>`,
        '<table>',
        `<tr><th align="left">Order</th><td>#${escapeHtml(order.order_number)}</td></tr>`,
        `<tr><th align="left">Customer</th><td>${escapeHtml(customer)}</td></tr>`,
        `<tr><th align="left">Total</th><td>${escapeHtml(total)}</td></tr>`,
        '</table>',
        `<p><a href="${escapeHtml(url)}">View the order</a></p>`,
      ].join('\n'),
    }),
    push: {
      title: `New order at ${shopName}`,
      icon: '/icons/notification-icon.png',
      body: headline,
      actions: [{ action: 'open_order', title: 'View order' }],
      data: { url, order_id: order.order_id },
    },
    broadcast: { event: 'order.created', payload: summary },
  };
}
