import { SHOP_LANGUAGES, type ShopLanguage } from '@common/i18n/shop-locale';
import { renderNewOrderMail, renderReportReadyMail, renderSubscriptionExpiringMail, type ShopMail } from './shop-mails';

/** One template in one language, rendered with sample data, for `npm run mail:preview`. */
export interface MailPreview {
  template: 'new-order' | 'report-ready' | 'subscription-expiring';
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
    previews.push(
      { template: 'new-order', language, mail: newOrder },
      { template: 'report-ready', language, mail: reportReady },
      { template: 'subscription-expiring', language, mail: subscription },
    );
  }
  return previews;
}
