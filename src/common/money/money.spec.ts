import { centsToDecimal, centsToNumber, decimalPlaces, formatMoney, percentOf, toCents } from './money';

describe('money', () => {
  it.each([
    ['12.50', 1250],
    ['12.5', 1250],
    ['0', 0],
    ['0.07', 7],
    [19.99, 1999],
    ['-3.10', -310],
  ])('parses %p as %p cents', (input, cents) => {
    expect(toCents(input)).toBe(cents);
  });

  it('refuses amounts with more than two decimals or no digits', () => {
    expect(() => toCents('1.005')).toThrow();
    expect(() => toCents('abc')).toThrow();
  });

  it('formats cents back without float error', () => {
    expect(centsToDecimal(1999 + 1)).toBe('20.00');
    expect(centsToDecimal(7)).toBe('0.07');
    expect(centsToNumber(10 + 20)).toBe(0.3);
  });

  it.each([
    [0, 0],
    [19.99, 2],
    [19.9, 1],
    [0.1 + 0.2, 17],
    [1e-7, 7],
    [1.5e-7, 8],
    [1e21, 0],
    [-0.05, 2],
  ])('counts the decimals of %p as %p, exponent included', (value, places) => {
    expect(decimalPlaces(value)).toBe(places);
  });

  it('takes percentages rounding half up to the cent', () => {
    expect(percentOf(1000, 12.5)).toBe(125);
    expect(percentOf(999, 10)).toBe(100); // 99.9 cents → 100
    expect(percentOf(333, 33.33)).toBe(111); // 110.99 → 111
  });
});

describe('formatMoney', () => {
  it('writes the currency symbol, a space and the decimals Intl gives the currency', () => {
    expect(formatMoney('250', 'HNL')).toBe('L 250.00');
    expect(formatMoney('250', 'HNL', 'en')).toBe('L 250.00');
    expect(formatMoney(12.5, 'HNL')).toBe('L 12.50');
    expect(formatMoney('1234.05', 'USD')).toBe('$ 1,234.05');
    expect(formatMoney('1234.05', 'EUR', 'en')).toBe('€ 1,234.05');
    expect(formatMoney('3.10', 'JPY')).toBe('¥ 3');
    expect(formatMoney('-3.10', 'HNL')).toBe('-L 3.10');
  });
});
