export const ANALYTICS_QUEUE = 'analytics';

/** One accepted storefront event, keyed by the id the intake gave it. */
export interface TrackEvent {
  kind: 'track';
  eventId: string;
  tenantId: string;
  type: string;
  productId: number | null;
  metadata: Record<string, unknown>;
  occurredAt: string;
}

/**
 * `track-batch`: the events the intake accepted in one event-loop turn, as one job (one write to the
 * queue's store, whatever their number). `track`: one event, as jobs were queued before; still
 * processed.
 */
export type AnalyticsJob = AnalyticsRow | { kind: 'track-batch'; events: TrackEvent[] };

/** One conversion beacon's row. */
export interface ConversionEvent {
  kind: 'conversion';
  tenantId: string;
  transactionId: string | null;
  event: string;
  value: string;
  currency: string;
  occurredAt: string;
}

/** What the worker stores as one row. */
export type AnalyticsRow = TrackEvent | ConversionEvent;

/** Retried for a while (the worker or the database may be away); failures kept a week for inspection. */
export const ANALYTICS_JOB_OPTIONS = {
  attempts: 10,
  backoff: { type: 'exponential' as const, delay: 500 },
  removeOnComplete: true,
  removeOnFail: { age: 7 * 24 * 3600 },
};
