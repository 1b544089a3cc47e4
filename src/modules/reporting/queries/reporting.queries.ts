import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export interface TenantDayStats {
  tenantId: string;
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  orders: number;
  /** Decimal string with two places ("250.00"). */
  revenue: string;
  aiEnrichments: number;
}

export interface TenantMonthAiUsage {
  tenantId: string;
  /** `YYYY-MM-01`, UTC. */
  month: string;
  enrichments: number;
  tokens: number;
  credits: number;
}

/** Reads of the reporting projections, for other modules (admin pages, billing). */
@Injectable()
export class ReportingQueries {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** A shop's days between `from` and `to` (inclusive, `YYYY-MM-DD`), oldest first; days without activity have no row. */
  async dailyStats(tenantId: string, from: string, to: string): Promise<TenantDayStats[]> {
    const rows: Array<{ tenant_id: string; day: string; orders: number; revenue: string; ai_enrichments: number }> =
      await this.dataSource.query(
        `SELECT tenant_id, to_char(day, 'YYYY-MM-DD') AS day, orders, revenue::text AS revenue, ai_enrichments
         FROM tenant_daily_stats
        WHERE tenant_id = $1 AND day BETWEEN $2::date AND $3::date
        ORDER BY day`,
        [tenantId, from, to],
      );
    return rows.map((row) => ({
      tenantId: row.tenant_id,
      day: row.day,
      orders: row.orders,
      revenue: row.revenue,
      aiEnrichments: row.ai_enrichments,
    }));
  }

  /** A shop's AI usage per month, newest first. */
  async aiUsage(tenantId: string): Promise<TenantMonthAiUsage[]> {
    const rows: Array<{ tenant_id: string; month: string; enrichments: number; tokens: string; credits: number }> =
      await this.dataSource.query(
        `SELECT tenant_id, to_char(month, 'YYYY-MM-DD') AS month, enrichments, tokens, credits
         FROM ai_usage_monthly
        WHERE tenant_id = $1
        ORDER BY month DESC`,
        [tenantId],
      );
    return rows.map((row) => ({
      tenantId: row.tenant_id,
      month: row.month,
      enrichments: row.enrichments,
      tokens: Number(row.tokens),
      credits: row.credits,
    }));
  }
}
