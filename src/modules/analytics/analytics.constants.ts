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

/** Metadata is stored as sent, within reason: a storefront beacon is no place for megabytes. */
export const MAX_METADATA_BYTES = 8 * 1024;
