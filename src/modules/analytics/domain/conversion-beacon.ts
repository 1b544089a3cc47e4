import { hostileJsonReason } from '@common/http/hostile-json';
import { centsToDecimal, toCents } from '@common/money/money';

/** What the beacon answers: `ok` once queued, `skipped` otherwise (a beacon never fails its caller). */
export const CONVERSION_STATUSES = ['ok', 'skipped'] as const;
export type ConversionStatus = (typeof CONVERSION_STATUSES)[number];

/** What a conversion beacon says, each field made safe to store (a beacon is never refused for its content). */
export interface ConversionBeacon {
  tenantSlug: string;
  /** As sent (the answer echoes it); stored cut to 255 characters. */
  transactionId: string | null;
  event: string;
  value: string;
  currency: string;
  occurredAt: string;
}

/**
 * Beacons arrive as JSON, as text/plain JSON (navigator.sendBeacon) or as garbage. A body the JSON
 * routes would refuse as hostile (decisions §1) reads as empty: the beacon is then just skipped.
 */
export function parseBeaconBody(body: unknown): Record<string, unknown> {
  let parsed = body;
  if (typeof body === 'string') {
    try {
      parsed = JSON.parse(body);
    } catch {
      parsed = {};
    }
  }
  if (hostileJsonReason(parsed)) return {};
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
}

export function beaconTransactionId(fields: Record<string, unknown>): string | null {
  return typeof fields.transaction_id === 'string' || typeof fields.transaction_id === 'number' ? String(fields.transaction_id) : null;
}

export function readConversionBeacon(fields: Record<string, unknown>, now: Date): ConversionBeacon {
  return {
    tenantSlug: typeof fields.tenant_slug === 'string' ? fields.tenant_slug.trim() : '',
    transactionId: beaconTransactionId(fields),
    event: typeof fields.event === 'string' && /^[a-z_]{1,32}$/.test(fields.event) ? fields.event : 'purchase',
    value: moneyOrZero(fields.value),
    currency: typeof fields.currency === 'string' && /^[A-Za-z]{3}$/.test(fields.currency) ? fields.currency.toUpperCase() : 'HNL',
    occurredAt: isoOrNow(fields.timestamp, now),
  };
}

function moneyOrZero(value: unknown): string {
  if (typeof value !== 'number' && typeof value !== 'string') return '0.00';
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0 || number >= 1e10) return '0.00';
  return centsToDecimal(toCents(number.toFixed(2)));
}

function isoOrNow(value: unknown, now: Date): string {
  if (typeof value === 'string') {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime()) && /^\d{4}-\d{2}-\d{2}/.test(value)) return date.toISOString();
  }
  return now.toISOString();
}
