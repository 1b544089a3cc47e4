import { MAX_INTEGER_ID } from '@common/http/resource-ids';
import { storableText } from '@common/util/unicode';
import type { AnalyticsRow, ConversionEvent, TrackRow } from './analytics.queue';

const REASON_LENGTH = 200;

/**
 * True when PostgreSQL refused the values rather than failing to run the statement: SQLSTATE class
 * 22 (data exception: a NUL, an invalid escape, a number out of range) or 23 (integrity).
 */
export function isDataError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code ?? (error as { driverError?: { code?: unknown } } | null)?.driverError?.code;
  return typeof code === 'string' && /^2[23]/.test(code);
}

/** Names a job in the log without repeating the content that could not be stored. */
export function jobSummary(job: AnalyticsRow): Record<string, unknown> {
  return job.kind === 'track'
    ? { kind: job.kind, eventId: job.eventId, tenantId: job.tenantId }
    : { kind: job.kind, tenantId: job.tenantId, transactionId: job.transactionId };
}

/** What the database said, short enough to keep beside the row. */
export function unstorableReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, REASON_LENGTH);
}

/**
 * A track event the database can hold whatever it carried: its metadata (the only free-form part
 * an event has) becomes a marker saying why it was not kept; a product id beyond int4 is dropped.
 */
export function storableTrack(job: TrackRow, reason: string): TrackRow {
  const id = job.productId;
  const productId = id !== null && Number.isInteger(id) && id >= 1 && id <= MAX_INTEGER_ID ? id : null;
  return { ...job, productId, metadata: JSON.stringify({ _unstorable: true, error: reason }) };
}

/** A conversion with the characters no text column takes replaced by U+FFFD (its other fields are normalised at intake). */
export function storableConversion(job: ConversionEvent): ConversionEvent {
  return { ...job, transactionId: job.transactionId === null ? null : storableText(job.transactionId).slice(0, 255) };
}
