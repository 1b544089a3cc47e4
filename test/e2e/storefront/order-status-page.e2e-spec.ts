import { formatDateTime } from '@common/i18n/shop-locale';
import { createProduct, createShop, orderBody } from '@test/support/commerce-factories';
import { placeOrder } from '@test/support/http-clients';
import { useTestApp } from '@test/support/test-app';

const APP_URL = 'https://shops.example.test';
const HOSTILE = '<img src=x onerror=alert(1)>';
const INSTRUCTIONS = `Cuenta 200-123 ${HOSTILE}`;
const CUSTOMER = {
  customer_name: 'Ana Shopper Zelaya',
  customer_phone: '+50431234567',
  customer_email: 'ana.page@example.test',
  customer_address: 'Colonia Kennedy, bloque 7',
  customer_notes: 'Tocar el timbre azul',
};

/** The order's status page as the shopper's browser gets it (docs/storefront.md, "Order status"). */
describe("The order's status page: the raw HTML", () => {
  const t = useTestApp({ env: { APP_URL } });

  /** A shop with a hostile name, branch and product, taking transfers, and an order paid by transfer. */
  async function placed(language: 'es' | 'en' = 'es') {
    const shop = await createShop(t, { deliveryFee: '30.00' });
    await t.db.query(
      `UPDATE tenants SET name = $2, language = $3, timezone = 'Asia/Tokyo', payment_methods = '{cash,bank_transfer}',
              bank_transfer_instructions = $4 WHERE id = $1`,
      [shop.tenant.id, `Tienda ${HOSTILE}`, language, INSTRUCTIONS],
    );
    await t.db.query(`UPDATE locations SET name = $2, address = 'Calle Real 12' WHERE id = $1`, [shop.location.id, `Centro ${HOSTILE}`]);
    const product = await createProduct(t, shop.tenant.id, { name: `Camisa ${HOSTILE}`, price: '250.00' });
    const res = await placeOrder(
      t,
      shop.tenant.id,
      orderBody([{ product_id: product.id, quantity: 2 }], { ...CUSTOMER, delivery_type: 'delivery', payment_method: 'bank_transfer' }),
    );
    expect(res.status).toBe(201);
    const order = res.body.data as { id: number; order_number: string; status_url: string; created_at: string };
    const url = new URL(order.status_url);
    return { ...shop, order, path: `${url.pathname}${url.search}`, linkToken: url.searchParams.get('token')! };
  }

  it('shows the status in words, the history in the shop time zone, lines, totals, payment, transfer details and branch', async () => {
    const { token: merchant, order, path } = await placed();
    const moved = await t
      .http()
      .patch(`/api/v1/orders/${order.id}/status`)
      .set('Authorization', `Bearer ${merchant}`)
      .send({ status: 'confirmed' });
    expect(moved.status).toBe(200);
    const res = await t.http().get(path);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const html = res.text;
    expect(html.startsWith('<!DOCTYPE html><html lang="es">')).toBe(true);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toContain(`<h1>Pedido #${order.order_number}</h1>`);
    expect(html).toContain('<strong data-order-status="confirmed">Confirmado</strong>');
    expect(html).toContain('Transferencia bancaria');
    expect(html).toContain('Pendiente');
    expect(html).toContain('Datos para la transferencia');
    expect(html).toContain('Cuenta 200-123 &lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('Centro &lt;img src=x onerror=alert(1)&gt;, Calle Real 12');
    expect(html).toContain('2 × Camisa &lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('L 500.00');
    expect(html).toContain('L 30.00');
    expect(html).toContain('L 530.00');
    expect(html).toContain('Pedido recibido');
    expect(html).toContain('Estado: Confirmado');
    expect(html).toContain(formatDateTime(new Date(order.created_at), 'es', 'Asia/Tokyo'));
    expect(html).toContain('GMT+9');
    // Escaped everywhere: no hostile text opens a tag.
    expect(html).not.toContain(HOSTILE);
    // Nothing of the customer, and no token in the page.
    for (const value of Object.values(CUSTOMER)) expect(html).not.toContain(value);
    expect(html).not.toContain(new URL(APP_URL + path).searchParams.get('token'));
  });

  it('speaks English when Accept-Language prefers it, and leaves out the transfer details once paid', async () => {
    const { token: merchant, order, path } = await placed('es');
    const paid = await t
      .http()
      .patch(`/api/v1/orders/${order.id}/payment`)
      .set('Authorization', `Bearer ${merchant}`)
      .send({ payment_status: 'paid' });
    expect(paid.status).toBe(200);
    const res = await t.http().get(path).set('Accept-Language', 'en-US,en;q=0.9');
    expect(res.status).toBe(200);
    expect(res.text.startsWith('<!DOCTYPE html><html lang="en">')).toBe(true);
    expect(res.text).toContain(`<h1>Order #${order.order_number}</h1>`);
    expect(res.text).toContain('Received: the shop has not confirmed it yet');
    expect(res.text).toContain('Bank transfer');
    expect(res.text).toContain('Paid');
    expect(res.text).toContain('Payment recorded');
    expect(res.text).not.toContain('Bank transfer details');
  });

  it('answers one 404 page for a wrong or missing token, another shop, an unknown order or shop', async () => {
    const first = await placed();
    const second = await placed();
    const changed = (first.linkToken[0] === 'A' ? 'B' : 'A') + first.linkToken.slice(1);
    const paths = [
      `/s/${first.tenant.slug}/orders/${first.order.order_number}?token=${changed}`,
      `/s/${first.tenant.slug}/orders/${first.order.order_number}`,
      `/s/${first.tenant.slug}/orders/${first.order.order_number}?token=${second.linkToken}`,
      `/s/${second.tenant.slug}/orders/${first.order.order_number}?token=${first.linkToken}`,
      `/s/${first.tenant.slug}/orders/424242?token=${first.linkToken}`,
      `/s/no-such-shop-at-all/orders/${first.order.order_number}?token=${first.linkToken}`,
    ];
    for (const path of paths) {
      const res = await t.http().get(path);
      expect(res.status).toBe(404);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.text).toContain('<h1>Pedido no encontrado</h1>');
      expect(res.text).toContain('<meta name="robots" content="noindex"/>');
      expect(res.text).not.toContain('Camisa');
    }
  });
});
