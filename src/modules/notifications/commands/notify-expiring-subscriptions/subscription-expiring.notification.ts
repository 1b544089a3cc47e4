import type { ExpiringSubscription, NotificationRecipient } from '@modules/accounts';
import { renderSubscriptionExpiringMail } from '@modules/notifications/mail/shop-mails';
import type { NotificationMessage } from '@modules/notifications/notifier.service';

/**
 * SubscriptionExpiringNotification (spec 6): the owner is told the paid period ends soon, on the
 * database and mail channels; the mail in the shop's language, the date in its time zone (decisions §19).
 */
export function subscriptionExpiringNotification(subscription: ExpiringSubscription, appUrl: string): NotificationMessage {
  const url = `${appUrl.replace(/\/+$/, '')}/billing`;
  const shop = { name: subscription.tenantName, language: subscription.language, timezone: subscription.timezone };
  return {
    type: 'subscription_expiring',
    data: { tenant_id: subscription.tenantId, ends_at: subscription.endsAt.toISOString(), url },
    mail: async (recipient: NotificationRecipient) => ({
      to: recipient.email,
      ...(await renderSubscriptionExpiringMail(shop, recipient.name, subscription.endsAt, appUrl)),
    }),
  };
}
