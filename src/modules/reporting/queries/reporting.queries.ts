import { Injectable } from '@nestjs/common';
import { ReportingRepository } from '../persistence/reporting.repository';

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
  constructor(private readonly repository: ReportingRepository) {}

  /** A shop's days between `from` and `to` (inclusive, `YYYY-MM-DD`), oldest first; days without activity have no row. */
  async dailyStats(tenantId: string, from: string, to: string): Promise<TenantDayStats[]> {
    const rows = await this.repository.dailyStats(tenantId, from, to);
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
    const rows = await this.repository.aiUsage(tenantId);
    return rows.map((row) => ({
      tenantId: row.tenant_id,
      month: row.month,
      enrichments: row.enrichments,
      tokens: Number(row.tokens),
      credits: row.credits,
    }));
  }
}
