import { formatDateTime } from '@common/i18n/shop-locale';
import { createCoupon, createProduct, createShop, orderBody } from '@test/support/commerce-factories';
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
});
