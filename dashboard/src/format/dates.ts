import i18n from '../i18n';

/** A moment in the browser's own time zone, in the dashboard's language: "Nov 26, 2026, 5:48 PM". */
export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
