export const CHECK_STATUSES = ['ok', 'warning', 'failed', 'crashed'] as const;
type CheckStatus = (typeof CHECK_STATUSES)[number];

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
  mode: (typeof RUNTIME_MODES)[number];
  backends: { store: Backend; queues: Backend; realtime: Backend };
}

export const RUNTIME_MODES = ['redis', 'postgres-only'] as const;
export const BACKENDS = ['redis', 'postgres'] as const;
type Backend = (typeof BACKENDS)[number];

export interface HealthCheck {
  readonly name: string;
  run(): Promise<Omit<CheckResult, 'name' | 'label'>>;
}

/** `warning` still serves traffic; only `failed` and `crashed` make /health answer 500. */
export function isHealthy(report: HealthReport): boolean {
  return report.checkResults.every((result) => result.status === 'ok' || result.status === 'warning');
}
