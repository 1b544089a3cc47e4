export const ANALYTICS_QUEUE = 'analytics';

export type AnalyticsJob =
  | {
      kind: 'track';
      eventId: string;
      tenantId: string;
      type: string;
      productId: number | null;
      metadata: Record<string, unknown>;
      occurredAt: string;
    }
  | {
      kind: 'conversion';
      tenantId: string;
      transactionId: string | null;
      event: string;
      value: string;
      currency: string;
      occurredAt: string;
    };

/** Retried for a while (the worker or the database may be away); failures kept a week for inspection. */
export const ANALYTICS_JOB_OPTIONS = {
  attempts: 10,
  backoff: { type: 'exponential' as const, delay: 500 },
  removeOnComplete: true,
  removeOnFail: { age: 7 * 24 * 3600 },
};
