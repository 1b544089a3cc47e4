import type { OrderExportRow } from '@modules/orders';
import { isoInTimeZone, peopleOrderRecord, peopleOrdersColumns, peopleSalesColumns } from './people-format';

describe('files for people', () => {
  const row: OrderExportRow = {
    order_number: '1001',
    created_at: new Date('2026-11-28T15:09:00.000Z'),
    status: 'processing',
    payment_status: 'paid',
    customer_name: '=HYPERLINK("http://evil")',
    customer_phone: '+50499998888',
    customer_email: null,
    customer_address: 'Col. Palmira',
    customer_notes: null,
    delivery_type: 'pickup',
    payment_method: 'bank_transfer',
    coupon_code: null,
    subtotal: '200.00',
    discount_amount: '0.00',
    delivery_fee: '0.00',
    total: '200.00',
    currency: 'HNL',
    location_name: 'Sucursal Centro',
    items: [{ quantity: 2, name: 'Café molido' }],
  };

  it('writes a moment as the shop’s clock read it, with the offset', () => {
    expect(isoInTimeZone(new Date('2026-11-28T15:09:00.000Z'), 'America/Tegucigalpa')).toBe('2026-11-28T09:09:00-06:00');
    expect(isoInTimeZone(new Date('2026-07-01T12:00:00.900Z'), 'America/New_York')).toBe('2026-07-01T08:00:00-04:00');
    expect(isoInTimeZone(new Date('2026-01-01T00:00:00Z'), 'UTC')).toBe('2026-01-01T00:00:00+00:00');
    expect(isoInTimeZone(new Date('2026-01-01T00:00:00Z'), 'Asia/Kolkata')).toBe('2026-01-01T05:30:00+05:30');
  });

  it('writes an order in Spanish, with its branch', () => {
    const columns = peopleOrdersColumns('es');
    const record = Object.fromEntries(columns.map((column, index) => [column, peopleOrderRecord(row, 'es', 'America/Tegucigalpa')[index]]));
    expect(record).toEqual({
      Pedido: '1001',
      Fecha: '2026-11-28T09:09:00-06:00',
      Estado: 'En preparación',
      'Estado del pago': 'Pagado',
      Cliente: '\'=HYPERLINK("http://evil")',
      Teléfono: "'+50499998888",
      Correo: '',
      Dirección: 'Col. Palmira',
      Notas: '',
      Entrega: 'Recoger en tienda',
      Sucursal: 'Sucursal Centro',
      'Forma de pago': 'Transferencia bancaria',
      Cupón: '',
      Subtotal: '200.00',
      Descuento: '0.00',
      'Costo de envío': '0.00',
      Total: '200.00',
      Moneda: 'HNL',
      Artículos: '2 x Café molido',
    });
  });

  it('writes an order in English; an order without a branch has an empty cell', () => {
    const record = peopleOrderRecord({ ...row, location_name: null }, 'en', 'America/Tegucigalpa');
    const columns = peopleOrdersColumns('en');
    expect(columns.slice(0, 4)).toEqual(['Order', 'Placed at', 'Status', 'Payment status']);
    expect(record.slice(1, 4)).toEqual(['2026-11-28T09:09:00-06:00', 'Processing', 'Paid']);
    expect(record[columns.indexOf('Branch')]).toBe('');
    expect(record[columns.indexOf('Payment method')]).toBe('Bank transfer');
  });

  it('names the sales report’s columns in the language', () => {
    expect(peopleSalesColumns('es')).toEqual(['Fecha', 'Pedidos', 'Ventas', 'Descuentos', 'Valor promedio por pedido']);
    expect(peopleSalesColumns('en')).toEqual(['Date', 'Orders', 'Revenue', 'Discounts', 'Average order value']);
  });
});
