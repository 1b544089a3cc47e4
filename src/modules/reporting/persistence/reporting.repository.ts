import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { AiUsageMonthlyRow, TenantDailyStatsRow } from './reporting.rows';

/** The reporting projections' statements: `tenant_daily_stats` and `ai_usage_monthly`. */
@Injectable()
export class ReportingRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** A shop's days between `from` and `to` (inclusive, `YYYY-MM-DD`), oldest first. */
  dailyStats(tenantId: string, from: string, to: string): Promise<TenantDailyStatsRow[]> {
    return this.dataSource.query(
      `SELECT tenant_id, to_char(day, 'YYYY-MM-DD') AS day, orders, revenue::text AS revenue, ai_enrichments
         FROM tenant_daily_stats
        WHERE tenant_id = $1 AND day BETWEEN $2::date AND $3::date
        ORDER BY day`,
      [tenantId, from, to],
    );
  }

  /** A shop's AI usage per month, newest first. */
  aiUsage(tenantId: string): Promise<AiUsageMonthlyRow[]> {
    return this.dataSource.query(
      `SELECT tenant_id, to_char(month, 'YYYY-MM-DD') AS month, enrichments, tokens, credits
         FROM ai_usage_monthly
        WHERE tenant_id = $1
        ORDER BY month DESC`,
      [tenantId],
    );
  }

  /** One more order and its total (a decimal string, added as numeric) on the shop's UTC day of `occurredAt`. */
  async countOrder(manager: EntityManager, tenantId: string, occurredAt: Date, total: string): Promise<void> {
    await manager.query(
      `INSERT INTO tenant_daily_stats (tenant_id, day, orders, revenue)
       VALUES ($1, ($2::timestamptz AT TIME ZONE 'UTC')::date, 1, $3::numeric)
       ON CONFLICT (tenant_id, day) DO UPDATE
         SET orders = tenant_daily_stats.orders + 1, revenue = tenant_daily_stats.revenue + EXCLUDED.revenue`,
      [tenantId, occurredAt.toISOString(), total],
    );
  }

  /** One more AI enrichment on the shop's UTC day of `occurredAt`. */
  async countEnrichment(manager: EntityManager, tenantId: string, occurredAt: Date): Promise<void> {
    await manager.query(
      `INSERT INTO tenant_daily_stats (tenant_id, day, ai_enrichments)
       VALUES ($1, ($2::timestamptz AT TIME ZONE 'UTC')::date, 1)
       ON CONFLICT (tenant_id, day) DO UPDATE SET ai_enrichments = tenant_daily_stats.ai_enrichments + 1`,
      [tenantId, occurredAt.toISOString()],
    );
  }

  /** One more enrichment with its tokens and credits in the shop's UTC calendar month of `occurredAt`. */
  async countAiUsage(manager: EntityManager, tenantId: string, occurredAt: Date, tokens: number, credits: number): Promise<void> {
    await manager.query(
      `INSERT INTO ai_usage_monthly (tenant_id, month, enrichments, tokens, credits)
       VALUES ($1, date_trunc('month', $2::timestamptz AT TIME ZONE 'UTC')::date, 1, $3, $4)
       ON CONFLICT (tenant_id, month) DO UPDATE
         SET enrichments = ai_usage_monthly.enrichments + 1,
             tokens = ai_usage_monthly.tokens + EXCLUDED.tokens,
             credits = ai_usage_monthly.credits + EXCLUDED.credits`,
      [tenantId, occurredAt.toISOString(), tokens, credits],
    );
  }
}
