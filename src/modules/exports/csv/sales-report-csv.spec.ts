import { averageOrderValue, salesRecord } from './sales-report-csv';

describe('sales report records', () => {
  it('averages to the cent, half up', () => {
    expect(averageOrderValue('0.00', 0)).toBe('0.00');
    expect(averageOrderValue('100.00', 3)).toBe('33.33');
    expect(averageOrderValue('100.01', 2)).toBe('50.01');
    expect(averageOrderValue('0.05', 2)).toBe('0.03');
    expect(averageOrderValue('250.00', 1)).toBe('250.00');
  });

  it('writes one day as date, orders, revenue, discounts, average', () => {
    expect(salesRecord({ date: '2025-01-02', orders: 2, revenue: '300.00', discounts: '20.00' })).toEqual([
      '2025-01-02',
      '2',
      '300.00',
      '20.00',
      '150.00',
    ]);
  });
});
