/** The languages a shop writes its mails in (decisions §19). */
export type ShopLanguage = 'es' | 'en';

export const SHOP_LANGUAGES: readonly ShopLanguage[] = ['es', 'en'];

/** Honduran Spanish and US English: the shops sell in HNL, and both write 1,234.56. */
const LOCALES: Record<ShopLanguage, string> = { es: 'es-HN', en: 'en-US' };

export const DEFAULT_LANGUAGE: ShopLanguage = 'es';
export const DEFAULT_TIMEZONE = 'America/Tegucigalpa';

/** The `Intl` locale of a shop's language; anything unknown reads as the default. */
export function localeOf(language: string): string {
  return LOCALES[language as ShopLanguage] ?? LOCALES[DEFAULT_LANGUAGE];
}

/** A shop's language as stored, or the default when the value is not one of ours. */
export function shopLanguage(value: string | null | undefined): ShopLanguage {
  return SHOP_LANGUAGES.includes(value as ShopLanguage) ? (value as ShopLanguage) : DEFAULT_LANGUAGE;
}

/** At most this many formatters are kept; past it the memo starts over (currencies and zones come from shops' data). */
const MEMO_LIMIT = 256;
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | null>();

/**
 * One `Intl` formatter per locale and options, built once: building one costs far more than
 * formatting with it (a shop page formats every price). `null` remembers options `Intl` refused.
 */
export function memoFormatter<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, build: () => F): F | null {
  if (formatters.has(key)) return formatters.get(key) as F | null;
  let formatter: F | null;
  try {
    formatter = build();
  } catch {
    formatter = null;
  }
  if (formatters.size >= MEMO_LIMIT) formatters.clear();
  formatters.set(key, formatter);
  return formatter;
}

/** A valid IANA time zone name, or the default (a mail never fails on a bad stored zone). */
export function shopTimezone(value: string | null | undefined): string {
  if (!value) return DEFAULT_TIMEZONE;
  return memoFormatter(`zone|${value}`, () => new Intl.DateTimeFormat('en-US', { timeZone: value })) ? value : DEFAULT_TIMEZONE;
}

/** ICU writes narrow and non-breaking spaces ("2:30 p. m."); mails read better with plain ones. */
function plainSpaces(text: string): string {
  return text.replace(/[\u00a0\u202f]/g, ' ');
}

/**
 * "martes 24 de noviembre de 2026, 2:30 p. m. GMT-6" / "Tuesday, November 24, 2026 at 2:30 PM CST":
 * a moment written out in full, in the shop's language and time zone, with the zone's name.
 */
export function formatDateTime(date: Date, language: string, timezone: string): string {
  const locale = localeOf(language);
  const timeZone = shopTimezone(timezone);
  const formatter = memoFormatter(
    `moment|${locale}|${timeZone}`,
    () =>
      new Intl.DateTimeFormat(locale, {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
        timeZone,
      }),
  )!;
  return plainSpaces(formatter.format(date));
}

/** "24 de noviembre de 2026" / "November 24, 2026": a calendar day (`YYYY-MM-DD`), no time zone involved. */
export function formatDay(isoDate: string, language: string): string {
  const locale = localeOf(language);
  const formatter = memoFormatter(
    `day|${locale}`,
    () => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
  )!;
  return plainSpaces(formatter.format(new Date(`${isoDate}T00:00:00Z`)));
}
