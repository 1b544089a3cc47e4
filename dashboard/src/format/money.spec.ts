import { formatMoney } from './money';

describe('formatMoney', () => {
  it('writes lempiras as "L" and two decimals (decisions §1)', () => {
    expect(formatMoney(250)).toBe('L 250.00');
    expect(formatMoney(0)).toBe('L 0.00');
    expect(formatMoney(0.1 + 0.2)).toBe('L 0.30');
    expect(formatMoney('19.9', 'HNL')).toBe('L 19.90');
    expect(formatMoney(1234567.5, 'hnl')).toBe('L 1,234,567.50');
  });

  it('writes other currencies with their sign, or their code', () => {
    expect(formatMoney(12, 'USD')).toBe('$ 12.00');
    expect(formatMoney(12, 'GTQ')).toBe('GTQ 12.00');
  });

  it('puts the minus sign before the currency', () => {
    expect(formatMoney(-5, 'HNL')).toBe('−L 5.00');
  });
});
