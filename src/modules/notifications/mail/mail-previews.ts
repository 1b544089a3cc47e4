import { SHOP_LANGUAGES, type ShopLanguage } from '@common/i18n/shop-locale';
import {
  renderNewOrderMail,
  renderReportReadyMail,
  renderShopperOrderPlacedMail,
  renderShopperOrderStatusMail,
  renderSubscriptionExpiringMail,
  type ShopMail,
} from './shop-mails';
import type { ShopperMailOrder } from './shopper-order.mail';

/** One template in one language, rendered with sample data, for `npm run mail:preview`. */
export interface MailPreview {
  template: 'new-order' | 'report-ready' | 'subscription-expiring' | 'shopper-order-placed' | 'shopper-order-ready';
  language: ShopLanguage;
  mail: ShopMail;
}

const APP_URL = 'https://app.example.test';
const PLACED_AT = new Date('2026-11-24T20:30:00.000Z');

/** Every mail to a shop's people in each of its languages, from sample data (no database). */
export async function renderMailPreviews(): Promise<MailPreview[]> {
  const previews: MailPreview[] = [];
  for (const language of SHOP_LANGUAGES) {
    const shop = { name: 'Café Niño', language, timezone: 'America/Tegucigalpa' };
    const newOrder = await renderNewOrderMail(
      shop,
      'Berta',
      {
        id: 1042,
        orderNumber: '1042',
        customerName: 'Ana López',
        createdAt: PLACED_AT,
        subtotal: '600.00',
        discountAmount: '60.00',
        deliveryFee: '30.00',
        total: '570.00',
        currency: 'HNL',
        lines: [
          { quantity: 2, name: 'Camisa', lineTotal: '500.00' },
          { quantity: 1, name: 'Gorra <edición limitada>', lineTotal: '100.00' },
        ],
      },
      APP_URL,
    );
    const reportReady = await renderReportReadyMail(
      shop,
      'Berta',
      { from: '2026-11-01', to: '2026-11-24' },
      { url: `${APP_URL}/api/v1/exports/sample/download?expires=1795552200&signature=0f`, expiresAt: PLACED_AT },
    );
    const subscription = await renderSubscriptionExpiringMail(shop, 'Berta', PLACED_AT, APP_URL);
    const shopperOrder: ShopperMailOrder = {
      orderNumber: '1042',
      customerName: 'Ana López',
      paymentMethod: 'bank_transfer',
      location: { id: '3f1c2a8e-8a51-4d4e-9a35-2b8d1e0f6a11', name: 'Centro', address: 'Calle Real 12, Tegucigalpa' },
      items: [
        { product_id: 1, name: 'Camisa', price: '250.00', quantity: 2, line_total: '500.00' },
        { product_id: 2, name: 'Gorra <edición limitada>', price: '100.00', quantity: 1, line_total: '100.00' },
      ],
      subtotal: '600.00',
      discountAmount: '60.00',
      deliveryFee: '30.00',
      total: '570.00',
      currency: 'HNL',
      createdAt: PLACED_AT,
      shop: {
        name: shop.name,
        bankTransferInstructions: 'Banco Atlántida, cuenta 1234567890, a nombre de Café Niño',
        phone: '+504 2222-3333',
        whatsapp: '+50499990000',
      },
    };
    const statusUrl = `${APP_URL}/s/cafe-nino/orders/1042?token=sample`;
    const shopperPlaced = await renderShopperOrderPlacedMail(shop, shopperOrder, statusUrl);
    const shopperReady = await renderShopperOrderStatusMail(shop, shopperOrder, 'ready', statusUrl);
    previews.push(
      { template: 'new-order', language, mail: newOrder },
      { template: 'report-ready', language, mail: reportReady },
      { template: 'subscription-expiring', language, mail: subscription },
      { template: 'shopper-order-placed', language, mail: shopperPlaced },
      { template: 'shopper-order-ready', language, mail: shopperReady },
    );
  }
  return previews;
}
