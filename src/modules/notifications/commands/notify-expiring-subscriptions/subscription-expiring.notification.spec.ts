import { reminderKey } from './notify-expiring-subscriptions.handler';
import { formatExpiryDate, subscriptionExpiringNotification } from './subscription-expiring.notification';

describe('SubscriptionExpiringNotification', () => {
  const subscription = {
    tenantId: '0b6f7c2e-3d1a-4c55-9a57-1f2e3d4c5b6a',
    tenantName: 'Café <Niño> & "Co"',
    endsAt: new Date('2026-11-24T20:30:00.000Z'),
    owner: { id: '7f1c2d3e-4b5a-4c6d-8e9f-0a1b2c3d4e5f', name: 'Ana <b>', email: 'ana@example.test' },
  };
  const message = subscriptionExpiringNotification(subscription, 'https://app.example.test/');
  const mail = message.mail!(subscription.owner);

  it('writes the expiry date out in full, in UTC', () => {
    expect(formatExpiryDate(subscription.endsAt)).toBe('Tuesday, November 24, 2026 at 8:30 PM UTC');
  });

  it('stores the shop, the period end and the billing link', () => {
    expect(message.type).toBe('subscription_expiring');
    expect(message.data).toEqual({
      tenant_id: subscription.tenantId,
      ends_at: '2026-11-24T20:30:00.000Z',
      url: 'https://app.example.test/billing',
    });
    expect(message.push).toBeUndefined();
    expect(message.broadcast).toBeUndefined();
  });

  it('mails the owner the date and the billing link; the HTML part escapes names', () => {
    expect(mail.to).toBe('ana@example.test');
    expect(mail.subject).toBe('Café <Niño> & "Co": your subscription ends on Tuesday, November 24, 2026 at 8:30 PM UTC');
    expect(mail.text).toContain('The subscription of Café <Niño> & "Co" ends on Tuesday, November 24, 2026 at 8:30 PM UTC.');
    expect(mail.text).toContain('Billing: https://app.example.test/billing');
    expect(mail.html).toContain('Hello Ana &lt;b&gt;,');
    expect(mail.html).toContain('<strong>Café &lt;Niño&gt; &amp; &quot;Co&quot;</strong>');
    expect(mail.html).toContain('<a href="https://app.example.test/billing">');
    expect(mail.html).not.toContain('<Niño>');
  });

  it('keys the reminder by shop and period end: another period is another reminder', () => {
    expect(reminderKey(subscription)).toBe('subscription_expiring.0b6f7c2e3d1a4c559a571f2e3d4c5b6a.1795552200');
    expect(reminderKey({ ...subscription, endsAt: new Date('2026-12-24T20:30:00.000Z') })).not.toBe(reminderKey(subscription));
  });
});
