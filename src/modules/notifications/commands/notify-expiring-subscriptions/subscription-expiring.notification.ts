import { escapeHtml } from '@common/util/html';
import type { ExpiringSubscription, NotificationRecipient } from '@modules/accounts';
import type { NotificationMessage } from '@modules/notifications/notifier.service';

// Written out in full and in UTC: the service has no per-shop time zone, and "Tuesday, November 25,
// 2026 at 2:00 PM UTC" cannot be misread the way 11/25 or 25/11 can.
const EXPIRY_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' });

export function formatExpiryDate(endsAt: Date): string {
  return `${EXPIRY_DATE.format(endsAt)} UTC`;
}

/** SubscriptionExpiringNotification (spec 6): the owner is told the paid period ends soon, on the database and mail channels. */
export function subscriptionExpiringNotification(subscription: ExpiringSubscription, appUrl: string): NotificationMessage {
  const url = `${appUrl.replace(/\/+$/, '')}/billing`;
  const shopName = subscription.tenantName;
  const endsOn = formatExpiryDate(subscription.endsAt);
  return {
    type: 'subscription_expiring',
    data: { tenant_id: subscription.tenantId, ends_at: subscription.endsAt.toISOString(), url },
    mail: (recipient: NotificationRecipient) => ({
      to: recipient.email,
      subject: `${shopName}: your subscription ends on ${endsOn}`,
      text: [
        `Hello ${recipient.name},`,
        '',
        `The subscription of ${shopName} ends on ${endsOn}.`,
        'Renew it before then to keep it active.',
        '',
        `Billing: ${url}`,
      ].join('\n'),
      html: [
        `<p>Hello ${escapeHtml(recipient.name)},</p>`,
        `<p>The subscription of <strong>${escapeHtml(shopName)}</strong> ends on <strong>${escapeHtml(endsOn)}</strong>.</p>`,
        '<p>Renew it before then to keep it active.</p>',
        `<p><a href="${escapeHtml(url)}">Go to billing</a></p>`,
      ].join('\n'),
    }),
  };
}
