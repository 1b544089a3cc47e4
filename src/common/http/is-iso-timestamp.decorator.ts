import { ValidateBy } from 'class-validator';

const ISO_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/**
 * An ISO 8601 date (`2025-12-31`, midnight UTC) or date-time (`2025-12-31T18:00:00-06:00`; UTC
 * when it names no offset). Null when the text is not one, or names a day that does not exist
 * (`2025-02-30`, which `Date` would quietly turn into March).
 */
export function parseIsoTimestamp(text: string): Date | null {
  const match = ISO_TIMESTAMP.exec(text);
  if (!match) return null;
  const [, year, month, day, hour = '00', minute = '00', second = '00', zone] = match;
  const calendarDay = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (calendarDay.getUTCMonth() !== Number(month) - 1 || calendarDay.getUTCDate() !== Number(day)) return null;
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return null;
  const withZone = match[4] === undefined ? `${text}T00:00:00Z` : zone ? text : `${text}Z`;
  const time = Date.parse(withZone);
  return Number.isNaN(time) ? null : new Date(time);
}

export const IsIsoTimestamp = () =>
  ValidateBy({
    name: 'isIsoTimestamp',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && parseIsoTimestamp(value) !== null,
      defaultMessage: () => 'The $property must be an ISO 8601 date or date-time (e.g. 2025-12-31T23:59:59Z).',
    },
  });
