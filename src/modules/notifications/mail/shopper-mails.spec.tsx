import { renderShopperOrderPlacedMail, renderShopperOrderStatusMail } from './shop-mails';
import type { ShopperMailOrder } from './shopper-order.mail';

const LINK = 'https://shops.example.test/s/sol/orders/1001?token=abc';

describe("the shopper's mails", () => {
  const order: ShopperMailOrder = {
    orderNumber: '1001',
    customerName: 'Ana',
    paymentMethod: 'bank_transfer',
    location: null,
    items: [{ product_id: 1, name: 'Camisa', price: '250.00', quantity: 2, line_total: '500.00' }],
    subtotal: '500.00',
    discountAmount: '0.00',
    deliveryFee: '0.00',
    total: '500.00',
    currency: 'HNL',
    createdAt: new Date('2026-11-24T20:30:00.000Z'),
    shop: { name: 'Sol', bankTransferInstructions: 'Cuenta 1', phone: '+504 2222-3333', whatsapp: '+504 9999-0000' },
  };
  const spanish = { language: 'es', timezone: 'America/Tegucigalpa' };

  it("shows the shop's phone as a tel: link and its WhatsApp as a wa.me link, where the shop has them", async () => {
    const mail = await renderShopperOrderPlacedMail(spanish, order, LINK);
    expect(mail.html).toContain('href="tel:+50422223333"');
    expect(mail.html).toContain('href="https://wa.me/50499990000"');
    expect(mail.text).toContain('Contacto de la tienda');
    expect(mail.text).toContain('Teléfono: +504 2222-3333');
    expect(mail.text).toContain('WhatsApp: +504 9999-0000');
    expect(mail.text).not.toContain('Descuento');
    expect(mail.text).not.toContain('Sucursal');
    const status = await renderShopperOrderStatusMail({ language: 'en', timezone: 'UTC' }, order, 'ready', LINK);
    expect(status.text).toContain("The shop's contact");
    expect(status.text).toContain('Phone: +504 2222-3333');
  });

  it('leaves the contact out when the shop has neither', async () => {
    const mail = await renderShopperOrderPlacedMail(spanish, { ...order, shop: { ...order.shop, phone: null, whatsapp: null } }, LINK);
    expect(mail.text).not.toContain('Contacto de la tienda');
    expect(mail.html).not.toContain('wa.me');
  });
});
