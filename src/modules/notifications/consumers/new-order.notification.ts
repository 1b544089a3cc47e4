import { formatMoney, toCents, centsToNumber } from '@common/money/money';
import type { NotificationRecipient } from '@modules/accounts';
import type { OrderPlacedPayload, OrderSummary } from '@modules/orders';
import { dashboardOrderUrl, type MailShop, renderNewOrderMail } from '../mail/shop-mails';
import type { NotificationMessage } from '../notifier.service';

/** The word a notification uses when an order carries no customer name (decisions §9). */
const FALLBACK_CUSTOMER = 'Customer';

/**
 * NewOrderNotification (spec 6): what a shop's admins are told of a new order, on all four channels.
 * The mail (decisions §19) is written in the shop's language with the order's lines and totals read
 * from the order (`summary`); an order gone by the time its event is delivered is not mailed.
 */
export function newOrderNotification(
  order: OrderPlacedPayload,
  shop: MailShop,
  summary: OrderSummary | null,
  appUrl: string,
): NotificationMessage {
  const customer = order.customer_name?.trim() || FALLBACK_CUSTOMER;
  const total = formatMoney(order.total, order.currency);
  const url = dashboardOrderUrl(appUrl, order.order_id);
  const data = {
    order_id: order.order_id,
    order_number: order.order_number,
    customer_name: customer,
    total: centsToNumber(toCents(order.total)),
    currency: order.currency,
  };
  const headline = `Order #${order.order_number} from ${customer} — ${total}`;
  return {
    type: 'new_order',
    data: { ...data, url },
    mail: summary
      ? async (recipient: NotificationRecipient) => ({
          to: recipient.email,
          ...(await renderNewOrderMail(shop, recipient.name, summary, appUrl)),
        })
      : undefined,
    push: {
      title: `New order at ${shop.name}`,
      icon: '/icons/notification-icon.png',
      body: headline,
      actions: [{ action: 'open_order', title: 'View order' }],
      data: { url, order_id: order.order_id },
    },
    broadcast: { event: 'order.created', payload: data },
  };
}
