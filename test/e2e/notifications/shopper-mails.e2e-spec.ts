import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { formatDateTime } from '@common/i18n/shop-locale';
import { MESSAGES_QUEUE } from '@infra/messaging/messages';
import { createCoupon, createProduct, createShop, orderBody } from '@test/support/commerce-factories';
import { type ReceivedMail, useFakeSmtpServer } from '@test/support/fake-servers';
import { placeOrder } from '@test/support/http-clients';
import { outboxRowProcessed } from '@test/support/outbox-events';
import { messagesSettled } from '@test/support/queues';
import { useTestApp } from '@test/support/test-app';

const APP_URL = 'https://shops.example.test';
const HOSTILE_SHOP = 'Tienda <b>Sol</b> & Luna';
const INSTRUCTIONS = 'Banco Atlántida, cuenta 200-123456-7, a nombre de <Sol y Luna S.A.>';
const STATUS_LINK = /https:\/\/shops\.example\.test\/s\/[a-z0-9-]+\/orders\/\d+\?token=[A-Za-z0-9_-]{32}/;

let emails = 0;
/** A mailbox no other test writes to. */
const mailbox = () => `shopper-${process.pid}-${Date.now()}-${++emails}@example.test`;

/** The mails to the shopper of an order (docs/notifications.md, "Mails to the shopper"), as the mail server receives them. */
describe('Mails to the shopper', () => {
  const smtp = useFakeSmtpServer();
  const t = useTestApp(() => ({ env: { MAIL_URL: smtp.url, APP_URL } }));

  /** A shop taking cash and transfers, in `language`, with an order of 2 x Camisa (L 250.00), 10 % off, L 30.00 delivery. */
  async function orderOf(language: 'es' | 'en', extra: Record<string, unknown>) {
    const shop = await createShop(t, { deliveryFee: '30.00' });
    await t.db.query(
      `UPDATE tenants SET name = $2, language = $3, payment_methods = '{cash,bank_transfer}', bank_transfer_instructions = $4 WHERE id = $1`,
      [shop.tenant.id, HOSTILE_SHOP, language, INSTRUCTIONS],
    );
    await t.db.query(`UPDATE locations SET name = 'Sucursal Centro', address = 'Calle Real 12' WHERE id = $1`, [shop.location.id]);
    const product = await createProduct(t, shop.tenant.id, { name: 'Camisa', price: '250.00' });
    const coupon = await createCoupon(t, shop.tenant.id, { couponType: 'percentage', value: '10' });
    const res = await placeOrder(
      t,
      shop.tenant.id,
      orderBody([{ product_id: product.id, quantity: 2 }], {
        delivery_type: 'delivery',
        customer_address: 'Colonia Palmira',
        coupon_code: coupon.code,
        payment_method: 'bank_transfer',
        ...extra,
      }),
    );
    expect(res.status).toBe(201);
    const order = res.body.data as { id: number; order_number: string; status_url: string; created_at: string };
    return { ...shop, order };
  }

  async function moveTo(token: string, orderId: number, status: string): Promise<void> {
    const res = await t.http().patch(`/api/v1/orders/${orderId}/status`).set('Authorization', `Bearer ${token}`).send({ status });
    expect(res.status).toBe(200);
  }

  const to = (address: string, subject: string) => (mail: ReceivedMail) => mail.to.includes(address) && mail.subject === subject;

  it('writes the placed mail in Spanish: lines, totals, the transfer details, the branch and the status link', async () => {
    const email = mailbox();
    const { order } = await orderOf('es', { customer_email: email, customer_name: 'Ana López' });
    const mail = await smtp.waitFor(to(email, `${HOSTILE_SHOP}: recibimos tu pedido #${order.order_number}`), 15_000);
    expect(mail.text).toContain('Hola Ana López:');
    expect(mail.text).toContain(`Gracias por tu pedido en ${HOSTILE_SHOP}.`);
    expect(mail.text).toContain(`Pedido: #${order.order_number}`);
    expect(mail.text).toContain(`Fecha: ${formatDateTime(new Date(order.created_at), 'es', 'America/Tegucigalpa')}`);
    expect(mail.text).toContain('Forma de pago: Transferencia bancaria');
    expect(mail.text).toContain('Sucursal: Sucursal Centro, Calle Real 12');
    expect(mail.text).toMatch(/2 x Camisa\s+L 500\.00/);
    expect(mail.text).toMatch(/Subtotal\s+L 500\.00/);
    expect(mail.text).toMatch(/Descuento\s+-L 50\.00/);
    expect(mail.text).toMatch(/Envío\s+L 30\.00/);
    expect(mail.text).toMatch(/Total\s+L 480\.00/);
    expect(mail.text).toContain('Datos para la transferencia');
    expect(mail.text).toContain(INSTRUCTIONS);
    expect(mail.text).toContain(`Ver el estado del pedido ${order.status_url}`);
    expect(mail.text).toContain(`Recibes este correo porque hiciste un pedido en ${HOSTILE_SHOP}.`);
    expect(mail.html).toContain('lang="es"');
    expect(mail.html).toContain(`href="${order.status_url.replace(/&/g, '&amp;')}"`);
    expect(mail.html).toContain('Tienda &lt;b&gt;Sol&lt;/b&gt; &amp; Luna');
    expect(mail.html).toContain('&lt;Sol y Luna S.A.&gt;');
    expect(mail.html).not.toContain('<b>Sol</b>');
  });

  it('mails each move to confirmed, ready and delivered in Spanish, and nothing for processing', async () => {
    const email = mailbox();
    const { token, order } = await orderOf('es', { customer_email: email });
    await smtp.waitFor(to(email, `${HOSTILE_SHOP}: recibimos tu pedido #${order.order_number}`), 15_000);
    const expected: Array<[string, string, string]> = [
      ['confirmed', 'fue confirmado', 'La tienda lo está preparando.'],
      ['processing', '', ''],
      ['ready', 'está listo', 'Ya puedes recogerlo'],
      ['delivered', 'fue entregado', '¡Gracias por tu compra!'],
    ];
    for (const [status, words, next] of expected) {
      await moveTo(token, order.id, status);
      if (!words) continue;
      const mail = await smtp.waitFor(to(email, `${HOSTILE_SHOP}: tu pedido #${order.order_number} ${words}`), 15_000);
      expect(mail.text).toContain(`Tu pedido #${order.order_number} ${words}.`);
      expect(mail.text).toContain(next);
      expect(mail.text).toContain(`Ver el estado del pedido ${order.status_url}`);
      expect(mail.text).not.toContain('Camisa');
    }
    await messagesSettled(t, email);
    expect(smtp.messages.filter((mail) => mail.to.includes(email)).map((mail) => mail.subject)).toEqual([
      `${HOSTILE_SHOP}: recibimos tu pedido #${order.order_number}`,
      `${HOSTILE_SHOP}: tu pedido #${order.order_number} fue confirmado`,
      `${HOSTILE_SHOP}: tu pedido #${order.order_number} está listo`,
      `${HOSTILE_SHOP}: tu pedido #${order.order_number} fue entregado`,
    ]);
  });

  it("writes them in English for a shop whose language is en, the cancellation's too", async () => {
    const email = mailbox();
    const { token, order } = await orderOf('en', { customer_email: email, customer_name: 'Ann Lee' });
    const placed = await smtp.waitFor(to(email, `${HOSTILE_SHOP}: we received your order #${order.order_number}`), 15_000);
    expect(placed.text).toContain('Hello Ann Lee,');
    expect(placed.text).toContain('Payment method: Bank transfer');
    expect(placed.text).toContain('Branch: Sucursal Centro, Calle Real 12');
    expect(placed.text).toMatch(/Discount\s+-L 50\.00/);
    expect(placed.text).toMatch(/Delivery\s+L 30\.00/);
    expect(placed.text).toMatch(/Total\s+L 480\.00/);
    expect(placed.text).toContain('Bank transfer details');
    expect(placed.text).toContain(INSTRUCTIONS);
    expect(placed.text).toContain(`See the order's status ${order.status_url}`);
    expect(placed.text).toContain(`You receive this mail because you placed an order at ${HOSTILE_SHOP}.`);
    expect(placed.html).toContain('lang="en"');
    expect(placed.text).toMatch(STATUS_LINK);

    await moveTo(token, order.id, 'confirmed');
    const confirmed = await smtp.waitFor(to(email, `${HOSTILE_SHOP}: your order #${order.order_number} was confirmed`), 15_000);
    expect(confirmed.text).toContain('The shop is preparing it.');
    await moveTo(token, order.id, 'ready');
    await smtp.waitFor(to(email, `${HOSTILE_SHOP}: your order #${order.order_number} is ready`), 15_000);
    const cancelled = await t.http().delete(`/api/v1/orders/${order.id}`).set('Authorization', `Bearer ${token}`);
    expect(cancelled.status).toBe(204);
    const mail = await smtp.waitFor(to(email, `${HOSTILE_SHOP}: your order #${order.order_number} was cancelled`), 15_000);
    expect(mail.text).toContain(`Your order #${order.order_number} was cancelled.`);
    expect(mail.text).toContain(`See the order's status ${order.status_url}`);
  });

  it('leaves the transfer details out of an order paid in cash', async () => {
    const email = mailbox();
    const { order } = await orderOf('es', { customer_email: email, payment_method: 'cash' });
    const mail = await smtp.waitFor(to(email, `${HOSTILE_SHOP}: recibimos tu pedido #${order.order_number}`), 15_000);
    expect(mail.text).toContain('Forma de pago: Efectivo');
    expect(mail.text).not.toContain(INSTRUCTIONS);
  });

  it('mails no shopper when the order has no customer_email, placed or moved', async () => {
    const { token, owner, order } = await orderOf('es', {});
    await moveTo(token, order.id, 'confirmed');
    const events: Array<{ id: string; event_type: string }> = await t.db.query(
      `SELECT id, event_type FROM outbox_events
        WHERE (event_type = 'OrderPlaced' OR event_type = 'OrderStatusChanged') AND (payload ->> 'order_id')::int = $1`,
      [order.id],
    );
    expect(events.map((event) => event.event_type).sort()).toEqual(['OrderPlaced', 'OrderStatusChanged']);
    for (const event of events) await outboxRowProcessed(t, event.id);
    // The shop's own mail of the order went out; no shopper mail was ever queued for either event.
    await smtp.waitFor((mail) => mail.to.includes(owner.email) && mail.subject.includes(`#${order.order_number}`), 15_000);
    const queue = t.get<Queue>(getQueueToken(MESSAGES_QUEUE));
    const [placedEvent] = events.filter((event) => event.event_type === 'OrderPlaced');
    const [statusEvent] = events.filter((event) => event.event_type === 'OrderStatusChanged');
    expect(await queue.getJob(`mail-shopper-order-placed.${placedEvent.id}`)).toBeUndefined();
    expect(await queue.getJob(`mail-shopper-order-status.${statusEvent.id}`)).toBeUndefined();
  });
});
