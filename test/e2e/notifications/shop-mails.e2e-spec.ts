import { CommandBus } from '@nestjs/cqrs';
import { formatDateTime } from '@common/i18n/shop-locale';
import { NotifyExpiringSubscriptionsCommand } from '@modules/notifications';
import { createCoupon, createProduct, createShop, orderBody } from '@test/support/commerce-factories';
import { notificationFor, post } from '@test/support/exports';
import { createTenantWithOwner } from '@test/support/factories';
import { useFakeSmtpServer } from '@test/support/fake-servers';
import { placeOrder } from '@test/support/http-clients';
import { useTestApp } from '@test/support/test-app';

const APP_URL = 'https://app.example.test';
const HOSTILE = '<img src=x onerror=alert(1)>';

/** The mails to a shop's people, as the mail server receives them (decisions §19). */
describe("Mails in the shop's language (decisions §19)", () => {
  const smtp = useFakeSmtpServer();
  const t = useTestApp(() => ({ env: { MAIL_URL: smtp.url, APP_URL } }));

  /** An order of 2 x Camisa (L 250.00) and 1 hostile line (L 100.00), 10 % off, L 30.00 delivery. */
  async function orderedShop(settings: { language?: 'es' | 'en'; timezone?: string } = {}) {
    const shop = await createShop(t, { deliveryFee: '30.00' });
    if (settings.language || settings.timezone) {
      await t.db.query('UPDATE tenants SET language = COALESCE($2, language), timezone = COALESCE($3, timezone) WHERE id = $1', [
        shop.tenant.id,
        settings.language ?? null,
        settings.timezone ?? null,
      ]);
    }
    const shirt = await createProduct(t, shop.tenant.id, { name: 'Camisa', price: '250.00' });
    const hostile = await createProduct(t, shop.tenant.id, { name: HOSTILE, price: '100.00' });
    const coupon = await createCoupon(t, shop.tenant.id, { couponType: 'percentage', value: '10' });
    const res = await placeOrder(
      t,
      shop.tenant.id,
      orderBody(
        [
          { product_id: shirt.id, quantity: 2 },
          { product_id: hostile.id, quantity: 1 },
        ],
        { delivery_type: 'delivery', customer_address: 'Colonia Palmira, Tegucigalpa', coupon_code: coupon.code },
      ),
    );
    expect(res.status).toBe(201);
    const order = res.body.data as { id: number; order_number: string };
    const [{ created_at }] = await t.db.query<Array<{ created_at: Date }>>('SELECT created_at FROM orders WHERE id = $1', [order.id]);
    const mail = await smtp.waitFor((message) => message.to.includes(shop.owner.email));
    return { ...shop, order, createdAt: created_at, mail };
  }

  it('writes the new-order mail in Spanish by default: lines, totals in Intl money, the date in Tegucigalpa, the dashboard link', async () => {
    const { tenant, order, createdAt, mail } = await orderedShop();
    const url = `${APP_URL}/dashboard/orders/${order.id}`;
    expect(mail.subject).toBe(`${tenant.name}: nuevo pedido #${order.order_number}`);
    expect(mail.text).toContain(`${tenant.name} tiene un nuevo pedido.`);
    expect(mail.text).toMatch(/2 x Camisa\s+L 500\.00/);
    expect(mail.text).toMatch(/1 x <img src=x onerror=alert\(1\)>\s+L 100\.00/);
    expect(mail.text).toMatch(/Subtotal\s+L 600\.00/);
    expect(mail.text).toMatch(/Descuento\s+-L 60\.00/);
    expect(mail.text).toMatch(/Envío\s+L 30\.00/);
    expect(mail.text).toMatch(/Total\s+L 570\.00/);
    expect(mail.text).toContain(formatDateTime(createdAt, 'es', 'America/Tegucigalpa'));
    expect(mail.text).toContain('GMT-6');
    expect(mail.text).toContain(`Ver el pedido ${url}`);
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).not.toContain(HOSTILE);
    expect(mail.html).toContain('lang="es"');
  });

  it('writes it in English, with the date in the shop time zone, for a shop whose language is en', async () => {
    const { tenant, order, createdAt, mail } = await orderedShop({ language: 'en', timezone: 'Asia/Tokyo' });
    expect(mail.subject).toBe(`${tenant.name}: new order #${order.order_number}`);
    expect(mail.text).toContain(`${tenant.name} has a new order.`);
    expect(mail.text).toMatch(/2 x Camisa\s+L 500\.00/);
    expect(mail.text).toMatch(/Discount\s+-L 60\.00/);
    expect(mail.text).toMatch(/Delivery\s+L 30\.00/);
    expect(mail.text).toMatch(/Total\s+L 570\.00/);
    expect(mail.text).toContain(formatDateTime(createdAt, 'en', 'Asia/Tokyo'));
    expect(mail.text).toContain('GMT+9');
    expect(mail.text).toContain(`View the order ${APP_URL}/dashboard/orders/${order.id}`);
    expect(mail.html).toContain('lang="en"');
  });

  it('writes the report-ready mail in English with the link expiry in the shop time zone', async () => {
    const shop = await createShop(t);
    await t.db.query(`UPDATE tenants SET language = 'en', timezone = 'Asia/Tokyo' WHERE id = $1`, [shop.tenant.id]);
    const res = await post(t, '/api/v1/reports/sales', shop.token, { from: '2025-03-01', to: '2025-03-05' });
    expect(res.status).toBe(202);
    const notification = await notificationFor(t, shop.owner.id, 'report_ready', res.body.report_id);
    const mail = await smtp.waitFor((message) => message.to.includes(shop.owner.email));
    expect(mail.subject).toBe(`${shop.tenant.name}: your sales report is ready`);
    expect(mail.text).toContain('for March 1, 2025 to March 5, 2025 is ready.');
    expect(mail.text).toContain(`This link works until ${formatDateTime(new Date(notification.data.expires_at), 'en', 'Asia/Tokyo')}.`);
    expect(mail.text).toContain('GMT+9');
    expect(mail.text).toContain(notification.data.url);
  });

  it('writes the subscription reminder in English with the end date in the shop time zone', async () => {
    const endsAt = new Date(Math.ceil((Date.now() + 40 * 3_600_000) / 60_000) * 60_000);
    const { tenant, owner } = await createTenantWithOwner(t, {
      tenant: { subscriptionEndsAt: endsAt, language: 'en', timezone: 'Europe/Madrid', name: 'Shop <en>' },
    });
    await t.get(CommandBus).execute(new NotifyExpiringSubscriptionsCommand());
    const mail = await smtp.waitFor((message) => message.to.includes(owner.email));
    const endsOn = formatDateTime(endsAt, 'en', 'Europe/Madrid');
    expect(endsOn).toMatch(/GMT\+1$/);
    expect(mail.subject).toBe(`${tenant.name}: your subscription ends on ${endsOn}`);
    expect(mail.text).toContain(`The subscription of ${tenant.name} ends on ${endsOn}.`);
    expect(mail.text).toContain(`Go to billing ${APP_URL}/billing`);
    expect(mail.html).toContain('Shop &lt;en&gt;');
  });
});
