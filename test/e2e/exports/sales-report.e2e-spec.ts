import { formatDateTime } from '@common/i18n/shop-locale';
import { createProduct, createShop } from '@test/support/commerce-factories';
import { download, insertOrder, notificationFor, parseCsv, post } from '@test/support/exports';
import { authHeader } from '@test/support/factories';
import { useFakeSmtpServer } from '@test/support/fake-servers';
import { useTestApp } from '@test/support/test-app';

describe('Sales report (spec 6; decisions §9)', () => {
  const smtp = useFakeSmtpServer();
  const t = useTestApp(() => ({ env: { MAIL_URL: smtp.url, REPORT_URL_TTL_HOURS: '48' } }));

  it('counts each UTC day of the range, zeros included, cancelled orders left out, and mails the link with its expiry', async () => {
    const shop = await createShop(t);
    const product = await createProduct(t, shop.tenant.id);
    const order = (
      createdAt: string,
      price: string,
      quantity = 1,
      extra: { discount?: string; deliveryFee?: string; status?: string } = {},
    ) =>
      insertOrder(t, shop.tenant.id, {
        createdAt: new Date(createdAt),
        ...extra,
        items: [{ productId: product.id, name: 'Item', price, quantity }],
      });
    await order('2025-02-28T23:59:59Z', '999.00'); // the day before
    await order('2025-03-01T08:00:00Z', '100.00');
    await order('2025-03-01T20:00:00Z', '110.00', 2, { discount: '20.00', deliveryFee: '50.00' }); // 250.00
    await order('2025-03-03T12:00:00Z', '500.00', 1, { status: 'cancelled' });
    await order('2025-03-03T13:00:00Z', '33.33', 3, { status: 'delivered' }); // 99.99
    await order('2025-03-04T00:00:00Z', '10.01');
    await order('2025-03-04T23:59:59Z', '10.00');
    await order('2025-03-05T00:00:00Z', '40.00', 1, { discount: '5.00' }); // 35.00
    await order('2025-03-06T00:00:00Z', '999.00'); // the day after
    const other = await createShop(t);
    const theirs = await createProduct(t, other.tenant.id);
    await insertOrder(t, other.tenant.id, {
      createdAt: new Date('2025-03-01T09:00:00Z'),
      items: [{ productId: theirs.id, name: 'x', price: '777.00', quantity: 1 }],
    });

    const res = await post(t, '/api/v1/reports/sales', shop.token, { from: '2025-03-01', to: '2025-03-05' });
    expect(res.status).toBe(202);
    expect(Object.keys(res.body)).toEqual(['report_id']);
    const reportId: string = res.body.report_id;

    const notification = await notificationFor(t, shop.owner.id, 'report_ready', reportId);
    expect(notification.data).toEqual({
      report_id: reportId,
      url: expect.stringMatching(
        new RegExp(`^http://localhost:3000/api/v1/exports/${reportId}/download\\?expires=\\d+&signature=[0-9a-f]{64}$`),
      ),
      expires_at: expect.any(String),
      from: '2025-03-01',
      to: '2025-03-05',
    });
    const expiresAt = new Date(notification.data.expires_at);
    // REPORT_URL_TTL_HOURS=48 in this app.
    expect(Math.abs(expiresAt.getTime() - (Date.now() + 48 * 3_600_000))).toBeLessThan(60_000);

    const csv = await download(t, notification.data.url);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="sales-2025-03-01-to-2025-03-05.csv"');
    const { header, rows } = parseCsv(csv.text);
    expect(header).toEqual(['date', 'orders', 'revenue', 'discounts', 'average_order_value']);
    expect(rows.map((row) => Object.values(row))).toEqual([
      ['2025-03-01', '2', '350.00', '20.00', '175.00'],
      ['2025-03-02', '0', '0.00', '0.00', '0.00'],
      ['2025-03-03', '1', '99.99', '0.00', '99.99'],
      ['2025-03-04', '2', '20.01', '0.00', '10.01'],
      ['2025-03-05', '1', '35.00', '5.00', '35.00'],
    ]);

    const mail = await smtp.waitFor((message) => message.to.includes(shop.owner.email));
    // In the shop's language and time zone: Spanish and Tegucigalpa unless it says otherwise (decisions §19).
    expect(mail.subject).toBe(`${shop.tenant.name}: tu reporte de ventas está listo`);
    expect(mail.text).toContain(notification.data.url);
    expect(mail.text).toContain(`Este enlace funciona hasta el ${formatDateTime(expiresAt, 'es', 'America/Tegucigalpa')}.`);
    expect(mail.text).toContain('GMT-6');
    expect(mail.text).toContain('del 1 de marzo de 2025 al 5 de marzo de 2025 está listo');
    expect(mail.html).toContain(notification.data.url.replace(/&/g, '&amp;'));

    const file = await t.http().get(`/api/v1/exports/${reportId}`).set(authHeader(shop.token));
    expect(file.body.data).toEqual(
      expect.objectContaining({ kind: 'sales_report', status: 'ready', row_count: 5, from: '2025-03-01', to: '2025-03-05' }),
    );
  });

  it('covers the last 30 days up to today by default', async () => {
    const shop = await createShop(t);
    const product = await createProduct(t, shop.tenant.id);
    await insertOrder(t, shop.tenant.id, { items: [{ productId: product.id, name: 'Today', price: '12.50', quantity: 2 }] });
    const res = await post(t, '/api/v1/reports/sales', shop.token);
    expect(res.status).toBe(202);
    const notification = await notificationFor(t, shop.owner.id, 'report_ready', res.body.report_id);
    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
    expect(notification.data).toEqual(expect.objectContaining({ from, to: today }));
    const { rows } = parseCsv((await download(t, notification.data.url)).text);
    expect(rows).toHaveLength(30);
    expect(rows[0].date).toBe(from);
    expect(rows[29]).toEqual({ date: today, orders: '1', revenue: '25.00', discounts: '0.00', average_order_value: '25.00' });
  });

  it('refuses bad dates, a reversed or too long range and unknown fields with 422, and a missing token with 401', async () => {
    const shop = await createShop(t);
    const cases: Array<[unknown, string[]]> = [
      [{ from: '2025-13-01' }, ['from']],
      [{ from: '01/02/2025' }, ['from']],
      [{ to: '2025-02-30' }, ['to']],
      [{ from: 20250101 }, ['from']],
      [{ from: '2025-01-01T00:00:00Z' }, ['from']],
      [{ from: '2025-02-02', to: '2025-02-01' }, ['from']],
      [{ from: '2099-01-01' }, ['from']],
      [{ from: '2024-01-01', to: '2025-01-01' }, ['to']],
      [{ from: '2025-01-01', to: '2025-01-31', tenant_id: shop.tenant.id }, ['tenant_id']],
      [[], ['body']],
    ];
    for (const [body, fields] of cases) {
      const res = await post(t, '/api/v1/reports/sales', shop.token, body as object);
      expect({ body, status: res.status, fields: Object.keys(res.body.errors ?? {}) }).toEqual({ body, status: 422, fields });
    }
    expect((await post(t, '/api/v1/reports/sales', shop.token, { from: '2024-01-01', to: '2024-12-31' })).status).toBe(202);
    expect((await post(t, '/api/v1/reports/sales', shop.token, { from: null, to: null })).status).toBe(202);
    const anonymous = await t.http().post('/api/v1/reports/sales').send({});
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: 'Unauthenticated.' });
  });
});
