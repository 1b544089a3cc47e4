/** The sign a shop's currency is shown with; HNL is the lempira, `L` (decisions §1). */
const SYMBOLS: Record<string, string> = { HNL: 'L', USD: '$', EUR: '€' };

const amountFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** `L 250.00`: the currency's sign (else its code), a space, the amount with two decimals. */
export function formatMoney(amount: number | string, currency = 'HNL'): string {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  const sign = SYMBOLS[currency.toUpperCase()] ?? currency.toUpperCase();
  const formatted = amountFormat.format(Math.abs(value));
  return `${value < 0 ? '−' : ''}${sign} ${formatted}`;
}
