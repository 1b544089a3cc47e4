import { DataSource } from 'typeorm';
import { createLocation, createProduct, createShop } from '@test/support/commerce-factories';
import { download, insertOrder, notificationFor, parseCsv, post } from '@test/support/exports';
import { useTestApp } from '@test/support/test-app';

// Files asked for with a `language` (docs/notifications.md, "Exports for people").
describe('Exports for people', () => {
  const t = useTestApp();

  async function fileOf(path: string, token: string, userId: string, body: object) {
    const res = await post(t, path, token, body);
    expect(res.status).toBe(202);
    const kind = path.endsWith('orders') ? 'export_ready' : 'report_ready';
    const notification = await notificationFor(t, userId, kind, res.body.export_id ?? res.body.report_id);
    const file = await download(t, notification.data.url);
    expect(file.status).toBe(200);
    return parseCsv(file.text);
  }

  async function shopWithAnOrder() {
    const shop = await createShop(t);
    const branch = await createLocation(t, shop.tenant.id, { name: 'Sucursal Centro', isPrimary: false });
    const product = await createProduct(t, shop.tenant.id, { name: 'Café molido', price: '120.00' });
    const order = await insertOrder(t, shop.tenant.id, {
      createdAt: new Date('2026-11-28T15:09:00Z'),
      status: 'processing',
      paymentStatus: 'paid',
      deliveryType: 'pickup',
      paymentMethod: 'bank_transfer',
      items: [{ productId: product.id, name: 'Café molido', price: '120.00', quantity: 2 }],
    });
    await t.get(DataSource).query('UPDATE orders SET location_id = $2 WHERE id = $1', [order.id, branch.id]);
    return { shop, order };
  }

  it('writes the orders in Spanish: headers, values, the shop’s time with its offset and the branch', async () => {
    const { shop, order } = await shopWithAnOrder();
    const { header, rows } = await fileOf('/api/v1/exports/orders', shop.token, shop.owner.id, { language: 'es' });
    expect(header).toEqual([
      'Pedido',
      'Fecha',
      'Estado',
      'Estado del pago',
      'Cliente',
      'Teléfono',
      'Correo',
      'Dirección',
      'Notas',
      'Entrega',
      'Sucursal',
      'Forma de pago',
      'Cupón',
      'Subtotal',
      'Descuento',
      'Costo de envío',
      'Total',
      'Moneda',
      'Artículos',
    ]);
    expect(rows).toEqual([
      expect.objectContaining({
        Pedido: order.orderNumber,
        Fecha: '2026-11-28T09:09:00-06:00',
        Estado: 'En preparación',
        'Estado del pago': 'Pagado',
        Entrega: 'Recoger en tienda',
        Sucursal: 'Sucursal Centro',
        'Forma de pago': 'Transferencia bancaria',
        Total: '240.00',
        Artículos: '2 x Café molido',
      }),
    ]);
  });

  it('writes them in English in a shop of another time zone', async () => {
    const { shop, order } = await shopWithAnOrder();
    await t.get(DataSource).query(`UPDATE tenants SET timezone = 'America/New_York' WHERE id = $1`, [shop.tenant.id]);
    const { header, rows } = await fileOf('/api/v1/exports/orders', shop.token, shop.owner.id, { language: 'en' });
    expect(header.slice(0, 4)).toEqual(['Order', 'Placed at', 'Status', 'Payment status']);
    expect(rows[0]).toEqual(
      expect.objectContaining({
        Order: order.orderNumber,
        'Placed at': '2026-11-28T10:09:00-05:00',
        Status: 'Processing',
        'Payment status': 'Paid',
        Delivery: 'Pickup',
        Branch: 'Sucursal Centro',
        'Payment method': 'Bank transfer',
      }),
    );
  });

  it('keeps the machine format when no language is asked for', async () => {
    const { shop } = await shopWithAnOrder();
    const { header, rows } = await fileOf('/api/v1/exports/orders', shop.token, shop.owner.id, {});
    expect(header[0]).toBe('order_number');
    expect(header).not.toContain('branch');
    expect(rows[0]).toEqual(
      expect.objectContaining({ created_at: '2026-11-28T15:09:00.000Z', status: 'processing', payment_method: 'bank_transfer' }),
    );
  });

  it('names the sales report’s columns in the language asked for', async () => {
    const { shop } = await shopWithAnOrder();
    const range = { from: '2026-11-28', to: '2026-11-28' };
    const spanish = await fileOf('/api/v1/reports/sales', shop.token, shop.owner.id, { ...range, language: 'es' });
    expect(spanish.header).toEqual(['Fecha', 'Pedidos', 'Ventas', 'Descuentos', 'Valor promedio por pedido']);
    expect(spanish.rows).toEqual([
      { Fecha: '2026-11-28', Pedidos: '1', Ventas: '240.00', Descuentos: '0.00', 'Valor promedio por pedido': '240.00' },
    ]);
    const machine = await fileOf('/api/v1/reports/sales', shop.token, shop.owner.id, range);
    expect(machine.header).toEqual(['date', 'orders', 'revenue', 'discounts', 'average_order_value']);
  });

  it('refuses a language it does not write with 422 on the field, in the reader’s language', async () => {
    const { shop } = await createShop(t).then((created) => ({ shop: created }));
    const english = await post(t, '/api/v1/exports/orders', shop.token, { language: 'fr' });
    expect(english.status).toBe(422);
    expect(english.body.errors).toEqual({ language: ['The language must be one of: es, en.'] });
    const spanish = await t
      .http()
      .post('/api/v1/reports/sales')
      .set('Authorization', `Bearer ${shop.token}`)
      .set('Accept-Language', 'es')
      .send({ language: 'de' });
    expect(spanish.status).toBe(422);
    expect(spanish.body.errors).toEqual({ language: ['El campo language debe ser uno de: es, en.'] });
  });
});
