type CheckStatus = 'ok' | 'warning' | 'failed' | 'crashed';

export interface CheckResult {
  name: string;
  label: string;
  status: CheckStatus;
  notificationMessage: string;
  shortSummary: string;
  meta: Record<string, unknown>;
}

/** The body of GET /health (spec 4.8), in the shape of spatie/laravel-health's JSON report. */
export interface HealthReport {
  finishedAt: string;
  checkResults: CheckResult[];
}

/**
 * Which mode the process runs (decisions §14), added to the report when served: `postgres-only`
 * (REDIS_URL unset) or `redis`, and where the store, the queues and Socket.IO's fan-out live.
 */
export interface RuntimeModeReport {
  mode: 'redis' | 'postgres-only';
  backends: { store: 'redis' | 'postgres'; queues: 'redis' | 'postgres'; realtime: 'redis' | 'postgres' };
}

export interface HealthCheck {
  readonly name: string;
  run(): Promise<Omit<CheckResult, 'name' | 'label'>>;
}

/** `warning` still serves traffic; only `failed` and `crashed` make /health answer 500. */
export function isHealthy(report: HealthReport): boolean {
  return report.checkResults.every((result) => result.status === 'ok' || result.status === 'warning');
}
