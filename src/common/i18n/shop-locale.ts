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

/** A valid IANA time zone name, or the default (a mail never fails on a bad stored zone). */
export function shopTimezone(value: string | null | undefined): string {
  if (!value) return DEFAULT_TIMEZONE;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value;
  } catch {
    return DEFAULT_TIMEZONE;
  }
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
  return plainSpaces(
    new Intl.DateTimeFormat(localeOf(language), {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
      timeZone: shopTimezone(timezone),
    }).format(date),
  );
}

/** "24 de noviembre de 2026" / "November 24, 2026": a calendar day (`YYYY-MM-DD`), no time zone involved. */
export function formatDay(isoDate: string, language: string): string {
  return plainSpaces(
    new Intl.DateTimeFormat(localeOf(language), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${isoDate}T00:00:00Z`),
    ),
  );
}
