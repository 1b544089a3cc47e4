import { reminderKey } from './notify-expiring-subscriptions.handler';
import { subscriptionExpiringNotification } from './subscription-expiring.notification';

describe('SubscriptionExpiringNotification', () => {
  const subscription = {
    tenantId: '0b6f7c2e-3d1a-4c55-9a57-1f2e3d4c5b6a',
    tenantName: 'Café <Niño> & "Co"',
    language: 'en',
    timezone: 'America/Tegucigalpa',
    endsAt: new Date('2026-11-24T20:30:00.000Z'),
    owner: { id: '7f1c2d3e-4b5a-4c6d-8e9f-0a1b2c3d4e5f', name: 'Ana <b>', email: 'ana@example.test' },
  };
  const message = subscriptionExpiringNotification(subscription, 'https://app.example.test/');

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

  it('mails the owner the date in the shop time zone and the billing link; the HTML part escapes names', async () => {
    const mail = await message.mail!(subscription.owner);
    expect(mail.to).toBe('ana@example.test');
    expect(mail.subject).toBe('Café <Niño> & "Co": your subscription ends on Tuesday, November 24, 2026 at 2:30 PM CST');
    expect(mail.text).toContain('The subscription of Café <Niño> & "Co" ends on Tuesday, November 24, 2026 at 2:30 PM CST.');
    expect(mail.text).toContain('Go to billing https://app.example.test/billing');
    expect(mail.html).toContain('Hello Ana &lt;b&gt;,');
    expect(mail.html).toContain('Café &lt;Niño&gt; &amp; &quot;Co&quot;');
    expect(mail.html).toContain('href="https://app.example.test/billing"');
    expect(mail.html).not.toContain('<Niño>');
  });

  it('writes it in Spanish for a Spanish shop', async () => {
    const mail = await subscriptionExpiringNotification({ ...subscription, language: 'es' }, 'https://app.example.test').mail!(
      subscription.owner,
    );
    expect(mail.subject).toBe('Café <Niño> & "Co": tu suscripción termina el martes 24 de noviembre de 2026, 2:30 p. m. GMT-6');
    expect(mail.text).toContain('Hola Ana <b>:');
    expect(mail.text).toContain('Ir a facturación https://app.example.test/billing');
  });

  it('keys the reminder by shop and period end: another period is another reminder', () => {
    expect(reminderKey(subscription)).toBe('subscription_expiring.0b6f7c2e3d1a4c559a571f2e3d4c5b6a.1795552200');
    expect(reminderKey({ ...subscription, endsAt: new Date('2026-12-24T20:30:00.000Z') })).not.toBe(reminderKey(subscription));
  });
});
