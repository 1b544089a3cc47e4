import { renderNewOrderMail, renderReportReadyMail } from './shop-mails';

const HOSTILE = '<img src=x onerror=alert(1)>';

describe('shop mails (decisions §19)', () => {
  const order = {
    id: 42,
    orderNumber: '1001',
    customerName: 'Ana <b>',
    createdAt: new Date('2026-11-24T20:30:00.000Z'),
    subtotal: '600.00',
    discountAmount: '60.00',
    deliveryFee: '30.00',
    total: '570.00',
    currency: 'HNL',
    lines: [
      { quantity: 2, name: 'Camisa', lineTotal: '500.00' },
      { quantity: 1, name: HOSTILE, lineTotal: '100.00' },
    ],
  };
  const spanish = { name: 'Tienda <Sol>', language: 'es', timezone: 'America/Tegucigalpa' };
  const english = { ...spanish, language: 'en', timezone: 'Europe/Madrid' };

  describe('new order', () => {
    it('writes the lines, the totals in Intl money, the date and the dashboard link in the text part', async () => {
      const mail = await renderNewOrderMail(spanish, 'Berta', order, 'https://app.example.test/');
      expect(mail.subject).toBe('Tienda <Sol>: nuevo pedido #1001');
      expect(mail.text).toContain('Hola Berta:');
      expect(mail.text).toMatch(/2 x Camisa\s+L 500\.00/);
      expect(mail.text).toMatch(/1 x <img src=x onerror=alert\(1\)>\s+L 100\.00/);
      expect(mail.text).toMatch(/Subtotal\s+L 600\.00/);
      expect(mail.text).toMatch(/Descuento\s+-L 60\.00/);
      expect(mail.text).toMatch(/Envío\s+L 30\.00/);
      expect(mail.text).toMatch(/Total\s+L 570\.00/);
      expect(mail.text).toContain('Fecha: martes 24 de noviembre de 2026, 2:30 p. m. GMT-6');
      expect(mail.text).toContain('Ver el pedido https://app.example.test/dashboard/orders/42');
    });

    it('escapes a hostile product name, customer and shop name in the HTML part', async () => {
      const mail = await renderNewOrderMail(spanish, 'Berta', order, 'https://app.example.test');
      expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
      expect(mail.html).not.toContain(HOSTILE);
      expect(mail.html).toContain('Ana &lt;b&gt;');
      expect(mail.html).toContain('Tienda &lt;Sol&gt;');
      expect(mail.html).toContain('href="https://app.example.test/dashboard/orders/42"');
    });

    it('writes English in the shop time zone, and leaves out a discount of zero', async () => {
      const mail = await renderNewOrderMail(english, 'Berta', { ...order, discountAmount: '0.00' }, 'https://app.example.test');
      expect(mail.subject).toBe('Tienda <Sol>: new order #1001');
      expect(mail.text).toContain('Hello Berta,');
      expect(mail.text).toContain('Placed: Tuesday, November 24, 2026 at 9:30 PM GMT+1');
      expect(mail.text).not.toContain('Discount');
      expect(mail.html).toContain('lang="en"');
    });
  });

  describe('report ready', () => {
    const link = { url: 'https://api.example.test/api/v1/exports/r1/download?expires=1&signature=ab', expiresAt: order.createdAt };

    it('writes the range, the link and its expiry in the shop language and time zone', async () => {
      const mail = await renderReportReadyMail(spanish, 'Berta', { from: '2026-11-01', to: '2026-11-24' }, link);
      expect(mail.subject).toBe('Tienda <Sol>: tu reporte de ventas está listo');
      expect(mail.text).toContain('del 1 de noviembre de 2026 al 24 de noviembre de 2026 está listo.');
      expect(mail.text).toContain('hasta el martes 24 de noviembre de 2026, 2:30 p. m. GMT-6.');
      expect(mail.text).toContain(link.url);
      expect(mail.html).toContain(link.url.replace(/&/g, '&amp;'));
    });

    it('writes English for an English shop', async () => {
      const mail = await renderReportReadyMail(english, HOSTILE, { from: '2026-11-01', to: '2026-11-24' }, link);
      expect(mail.subject).toBe('Tienda <Sol>: your sales report is ready');
      expect(mail.text).toContain('for November 1, 2026 to November 24, 2026 is ready.');
      expect(mail.text).toContain('until Tuesday, November 24, 2026 at 9:30 PM GMT+1.');
      expect(mail.html).not.toContain(HOSTILE);
    });
  });
});
