import { formatItems, ORDERS_CSV_COLUMNS, orderRecord } from './orders-csv';

describe('orders export records', () => {
  const row = {
    order_number: '1001',
    created_at: new Date('2025-01-02T03:04:05.678Z'),
    status: 'pending' as const,
    payment_status: 'unpaid' as const,
    customer_name: '=HYPERLINK("http://evil")',
    customer_phone: '+50499998888',
    customer_email: null,
    customer_address: 'Col. Palmira, "casa 4"',
    customer_notes: null,
    delivery_type: 'delivery' as const,
    payment_method: 'cash',
    coupon_code: 'WELCOME10',
    subtotal: '200.00',
    discount_amount: '20.00',
    delivery_fee: '50.00',
    total: '230.00',
    currency: 'HNL',
    location_name: 'Centro',
    items: [
      { quantity: 2, name: 'Camisa' },
      { quantity: 1, name: 'Gorra' },
    ],
  };

  it('formats items as `qty x name` joined by `; `', () => {
    expect(formatItems(row.items)).toBe('2 x Camisa; 1 x Gorra');
    expect(formatItems([])).toBe('');
  });

  it('writes every column in order, empty for null, formulas guarded', () => {
    const record = orderRecord(row);
    expect(record).toHaveLength(ORDERS_CSV_COLUMNS.length);
    expect(Object.fromEntries(ORDERS_CSV_COLUMNS.map((column, index) => [column, record[index]]))).toEqual({
      order_number: '1001',
      created_at: '2025-01-02T03:04:05.678Z',
      status: 'pending',
      payment_status: 'unpaid',
      customer_name: '\'=HYPERLINK("http://evil")',
      customer_phone: "'+50499998888",
      customer_email: '',
      customer_address: 'Col. Palmira, "casa 4"',
      customer_notes: '',
      delivery_type: 'delivery',
      payment_method: 'cash',
      coupon_code: 'WELCOME10',
      subtotal: '200.00',
      discount_amount: '20.00',
      delivery_fee: '50.00',
      total: '230.00',
      currency: 'HNL',
      items: '2 x Camisa; 1 x Gorra',
    });
  });
});
