/** A row of `tenant_daily_stats` as the reads select it (`day` as `YYYY-MM-DD`, `revenue` as text). */
export interface TenantDailyStatsRow {
  tenant_id: string;
  day: string;
  orders: number;
  revenue: string;
  ai_enrichments: number;
}

/** A row of `ai_usage_monthly` as the reads select it (`month` as `YYYY-MM-DD`; `tokens` is a bigint, so text). */
export interface AiUsageMonthlyRow {
  tenant_id: string;
  month: string;
  enrichments: number;
  tokens: string;
  credits: number;
}
