export const ANALYTICS_QUEUE = 'analytics';

/**
 * One event of a `track-events` job, packed: its type, its product (or null), when it was accepted
 * (epoch milliseconds) and its metadata as JSON text (the text the intake measured, stored as it is).
 */
export type PackedTrack = [type: string, productId: number | null, acceptedAtMs: number, metadata: string];

/**
 * `track-events`: the events the intake accepted in one event-loop turn, as one job (one write to
 * the queue's store, whatever their number), grouped by shop and packed (about a third of the bytes
 * of a job of `TrackEvent` objects, and nothing per event to serialise twice). Event `i` of the job,
 * counted across its shops in order, is stored under the id `trackEventId(base, i)`, so a job retried
 * in whole never stores an event twice.
 */
export interface TrackEventsJob {
  kind: 'track-events';
  base: string;
  shops: Array<[tenantId: string, events: PackedTrack[]]>;
}

/** One accepted storefront event, as jobs were queued before `track-events` (still processed). */
export interface TrackEvent {
  kind: 'track';
  eventId: string;
  tenantId: string;
  type: string;
  productId: number | null;
  metadata: Record<string, unknown>;
  occurredAt: string;
}

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

/**
 * What the analytics queue carries: `track-events` (the intake now), a conversion, and the shapes
 * the intake queued before (`track`: one event; `track-batch`: a turn's events as objects).
 */
export type AnalyticsJob = TrackEventsJob | TrackEvent | ConversionEvent | { kind: 'track-batch'; events: TrackEvent[] };

/** A track event as the worker stores it: its metadata as JSON text. */
export interface TrackRow {
  kind: 'track';
  eventId: string;
  tenantId: string;
  type: string;
  productId: number | null;
  metadata: string;
  occurredAt: string;
}

/** What the worker stores as one row. */
export type AnalyticsRow = TrackRow | ConversionEvent;

/** How many events one `track-events` job may hold: their ids differ from the base in the last 16 bits. */
export const MAX_TRACK_EVENTS_PER_JOB = 0x10000;

/**
 * The id of event `index` of a `track-events` job whose base is `base` (a random UUID): the base
 * with its last 16 bits XOR-ed with the index. Distinct for the events of one job, and as unlikely
 * to meet another job's as two random UUIDs whose other 106 random bits agree.
 */
export function trackEventId(base: string, index: number): string {
  if (!Number.isInteger(index) || index < 0 || index >= MAX_TRACK_EVENTS_PER_JOB)
    throw new RangeError(`No event ${index} in a track-events job`);
  const last = (parseInt(base.slice(-4), 16) ^ index).toString(16).padStart(4, '0');
  return base.slice(0, -4) + last;
}

/** The rows a job stores, in order. */
export function analyticsRowsOf(job: AnalyticsJob): AnalyticsRow[] {
  switch (job.kind) {
    case 'track-events': {
      const rows: TrackRow[] = [];
      for (const [tenantId, events] of job.shops) {
        for (const [type, productId, acceptedAtMs, metadata] of events) {
          rows.push({
            kind: 'track',
            eventId: trackEventId(job.base, rows.length),
            tenantId,
            type,
            productId,
            metadata,
            occurredAt: new Date(acceptedAtMs).toISOString(),
          });
        }
      }
      return rows;
    }
    case 'track-batch':
      return job.events.map(trackRowOf);
    case 'track':
      return [trackRowOf(job)];
    default:
      return [job];
  }
}

function trackRowOf(event: TrackEvent): TrackRow {
  return { ...event, metadata: JSON.stringify(event.metadata) };
}

/** Retried for a while (the worker or the database may be away); failures kept a week for inspection. */
export const ANALYTICS_JOB_OPTIONS = {
  attempts: 10,
  backoff: { type: 'exponential' as const, delay: 500 },
  removeOnComplete: true,
  removeOnFail: { age: 7 * 24 * 3600 },
};
