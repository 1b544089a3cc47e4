import i18n from '../i18n';

/** A moment in the browser's own time zone, in the dashboard's language: "Nov 26, 2026, 5:48 PM". */
export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** The browser's IANA time zone ("America/Tegucigalpa"), the `tz` of the overview's days. */
export function timeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** A calendar day as the API gives it (`2026-11-26`, already a day of the chosen zone): "Nov 26, 2026". */
export function formatDay(date: string): string {
  return new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/** A calendar day, short, for a chart's axis: "Nov 26". */
export function formatShortDay(date: string): string {
  return new Intl.DateTimeFormat(i18n.language, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}
