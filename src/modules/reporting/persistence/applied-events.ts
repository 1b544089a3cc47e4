import type { EntityManager } from 'typeorm';

/** The projections that count events, each under its own name in `reporting_applied_events`. */
export type ReportingConsumer = 'tenant-daily-stats' | 'ai-usage-monthly';

/**
 * Claims `eventId` for `consumer` in the caller's transaction: true the first time, false ever
 * after. The outbox's consumption marker already makes a redelivery a no-op; this second key is
 * what keeps a count right when that marker is lost (restored backup, manual replay), because the
 * claim and the count commit or roll back together.
 */
export async function claimEvent(manager: EntityManager, eventId: string, consumer: ReportingConsumer): Promise<boolean> {
  const claimed: unknown[] = await manager.query(
    `INSERT INTO reporting_applied_events (event_id, consumer) VALUES ($1, $2)
     ON CONFLICT DO NOTHING RETURNING event_id`,
    [eventId, consumer],
  );
  return claimed.length > 0;
}
