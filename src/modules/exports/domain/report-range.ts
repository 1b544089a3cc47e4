import { ValidationFailedError } from '@common/errors/domain.error';
import type { ReportRange } from './export-file';

const DAY_MS = 86_400_000;
/** Days a report covers when the request names no `from`. */
export const DEFAULT_REPORT_DAYS = 30;
/** The longest range one report may cover: a leap year. */
export const MAX_REPORT_DAYS = 366;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A YYYY-MM-DD that names a real calendar day, as UTC midnight; null otherwise (`2025-02-30`). */
export function parseIsoDate(text: string): Date | null {
  const match = ISO_DATE.exec(text);
  if (!match) return null;
  const [, year, month, day] = match.map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null;
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The days a sales report covers (UTC, both ends included): `to` defaults to today, `from` to
 * 29 days before `to` (30 days in all). `from` after `to`, or more than 366 days, is a 422.
 * Both inputs have already been checked to be dates.
 */
export function resolveReportRange(requested: { from?: string; to?: string }, now: Date): ReportRange {
  const to = requested.to ? parseIsoDate(requested.to)! : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const from = requested.from ? parseIsoDate(requested.from)! : new Date(to.getTime() - (DEFAULT_REPORT_DAYS - 1) * DAY_MS);
  if (from > to) {
    const field = requested.from ? 'from' : 'to';
    throw ValidationFailedError.field(field, 'The from date must be on or before the to date (today when to is not given).');
  }
  const days = Math.round((to.getTime() - from.getTime()) / DAY_MS) + 1;
  if (days > MAX_REPORT_DAYS) {
    throw ValidationFailedError.field('to', `A report covers at most ${MAX_REPORT_DAYS} days; this range has ${days}.`);
  }
  return { from: isoDate(from), to: isoDate(to) };
}
