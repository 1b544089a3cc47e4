import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ConversionEvent, TrackRow } from '../jobs/analytics.queue';

/** The analytics tables' statements: `analytics_events`, `analytics_conversions` and `interactions`. */
@Injectable()
export class AnalyticsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** One multi-row INSERT; joined with tenants: an event for a tenant deleted since it was accepted is dropped, not a failed batch. */
  async insertTracks(tracks: TrackRow[]): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO analytics_events (event_id, tenant_id, type, product_id, metadata, occurred_at)
       SELECT e.event_id, e.tenant_id, e.type, e.product_id, e.metadata, e.occurred_at
         FROM unnest($1::uuid[], $2::uuid[], $3::varchar[], $4::int[], $5::jsonb[], $6::timestamptz[])
              AS e(event_id, tenant_id, type, product_id, metadata, occurred_at)
         JOIN tenants t ON t.id = e.tenant_id
       ON CONFLICT (event_id) DO NOTHING`,
      [
        tracks.map((job) => job.eventId),
        tracks.map((job) => job.tenantId),
        tracks.map((job) => job.type),
        tracks.map((job) => job.productId),
        tracks.map((job) => job.metadata),
        tracks.map((job) => job.occurredAt),
      ],
    );
  }

  /** One multi-row INSERT, joined with tenants as `insertTracks`; a transaction id on record already is skipped. */
  async insertConversions(conversions: ConversionEvent[]): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO analytics_conversions (tenant_id, transaction_id, event, value, currency, occurred_at)
       SELECT c.tenant_id, c.transaction_id, c.event, c.value, c.currency, c.occurred_at
         FROM unnest($1::uuid[], $2::varchar[], $3::varchar[], $4::numeric[], $5::char(3)[], $6::timestamptz[])
              AS c(tenant_id, transaction_id, event, value, currency, occurred_at)
         JOIN tenants t ON t.id = c.tenant_id
       ON CONFLICT (tenant_id, transaction_id) WHERE transaction_id IS NOT NULL DO NOTHING`,
      [
        conversions.map((job) => job.tenantId),
        conversions.map((job) => job.transactionId),
        conversions.map((job) => job.event),
        conversions.map((job) => job.value),
        conversions.map((job) => job.currency),
        conversions.map((job) => job.occurredAt),
      ],
    );
  }

  /** A single INSERT that commits on its own: no BEGIN/COMMIT round trips on this public path. */
  async insertInteraction(tenantId: string, type: string, productId: number | null, metadata: string): Promise<void> {
    await this.dataSource.query('INSERT INTO interactions (tenant_id, type, product_id, metadata) VALUES ($1, $2, $3, $4)', [
      tenantId,
      type,
      productId,
      metadata,
    ]);
  }
}
