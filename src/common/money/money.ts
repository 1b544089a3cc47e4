import { localeOf, memoFormatter } from '@common/i18n/shop-locale';

/**
 * Money is handled as integer cents: PostgreSQL numeric(12,2) in, numeric text out, never float
 * arithmetic in between.
 */
export type Cents = number;

/** The largest amount a numeric(12,2) column holds (9999999999.99): every stored money amount is at most this. */
export const MAX_STORED_CENTS: Cents = 999_999_999_999;

const DECIMAL = /^-?\d+(\.\d{1,2})?$/;

/**
 * How many decimals a finite number has as JavaScript writes it, exponent included:
 * 19.99 → 2, 1e-7 → 7, 1.5e-7 → 8, 1e21 → 0.
 */
export function decimalPlaces(value: number): number {
  const [mantissa, exponent = '0'] = String(value).toLowerCase().split('e');
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent));
}

/** "12.5", "12.50", 12.5 → 1250. Rejects more than two decimals rather than rounding silently. */
export function toCents(value: string | number): Cents {
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim();
  if (!DECIMAL.test(text)) throw new Error(`Not a money amount: ${value}`);
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = text.replace('-', '').split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return negative ? -cents : cents;
}

/** 1250 → "12.50": the form stored in numeric columns. */
export function centsToDecimal(cents: Cents): string {
  const negative = cents < 0;
  const absolute = Math.abs(cents);
  return `${negative ? '-' : ''}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

/** 1250 → 12.5: the JSON number in API responses (two decimals at most by construction). */
export function centsToNumber(cents: Cents): number {
  return Number(centsToDecimal(cents));
}

/** A percentage (up to two decimals, e.g. 12.5) of an amount, rounded half up to the cent. */
export function percentOf(cents: Cents, percent: string | number): Cents {
  const basisPoints = toCents(percent); // 12.5% → 1250 hundredths of a percent
  return Math.floor((cents * basisPoints + 5_000) / 10_000);
}

/**
 * "250" or 25000 cents, "HNL" → "L 250.00": how amounts read in mails and notifications
 * (decisions §1, §19). `Intl` decides the symbol (narrow: `L`, `$`, `€`, `¥`), the decimals (JPY
 * none) and the grouping (`L 1,234.05`); the symbol is always followed by one plain space, so HNL
 * reads `L 250.00` in both languages and a currency without a symbol by its code (`XTS 3.10`).
 */
export function formatMoney(amount: string | number, currency: string, language = 'es'): string {
  const cents = toCents(amount);
  const locale = localeOf(language);
  const formatter = memoFormatter(
    `money|${locale}|${currency}`,
    () => new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }),
  );
  // An invalid code throws as `new Intl.NumberFormat` did before the memo.
  if (!formatter) throw new RangeError(`Invalid currency code : ${currency}`);
  const parts = formatter.formatToParts(Math.abs(cents) / 100);
  const symbol = parts.find((part) => part.type === 'currency')?.value ?? currency;
  const number = parts
    .filter((part) => part.type !== 'currency' && part.type !== 'literal')
    .map((part) => part.value)
    .join('');
  return `${cents < 0 ? '-' : ''}${symbol} ${number}`;
}
