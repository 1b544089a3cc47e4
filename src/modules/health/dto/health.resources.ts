import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { SchemaObject } from '@common/http/openapi-document';
import { BACKENDS, CHECK_STATUSES, CheckResult, HealthReport, RUNTIME_MODES, RuntimeModeReport } from '../domain/health-report';

export class CheckResultResource implements CheckResult {
  @ApiProperty({ example: 'Database' })
  name: string;

  @ApiProperty({ example: 'Database' })
  label: string;

  @ApiProperty({ enum: CHECK_STATUSES, description: '`warning` still serves traffic; `failed` and `crashed` make the report answer 500' })
  status: CheckResult['status'];

  @ApiProperty({ example: 'The database is reachable.' })
  notificationMessage: string;

  @ApiProperty({ example: 'Ok' })
  shortSummary: string;

  @ApiProperty({ type: 'object', additionalProperties: true, description: "The check's figures (e.g. the disk's used percentage)" })
  meta: Record<string, unknown>;
}

export class RuntimeBackends {
  @ApiProperty({ enum: BACKENDS, description: 'Where the key-value store lives' })
  store: RuntimeModeReport['backends']['store'];

  @ApiProperty({ enum: BACKENDS, description: 'Where the job queues live' })
  queues: RuntimeModeReport['backends']['queues'];

  @ApiProperty({ enum: BACKENDS, description: "Where Socket.IO's fan-out runs" })
  realtime: RuntimeModeReport['backends']['realtime'];
}

/** GET /health (spec 4.8): the spatie-style report, and the mode the process runs in. */
export class HealthReportResource implements HealthReport, RuntimeModeReport {
  @ApiProperty({ format: 'date-time', description: 'When the checks last ran' })
  finishedAt: string;

  @ApiProperty({ type: [CheckResultResource] })
  checkResults: CheckResultResource[];

  @ApiProperty({ enum: RUNTIME_MODES, description: '`postgres-only` when REDIS_URL is unset' })
  mode: RuntimeModeReport['mode'];

  @ApiProperty({ type: RuntimeBackends })
  backends: RuntimeBackends;
}

/** What `GET /health/ready` answers (`@nestjs/terminus`'s result): each indicator by name. */
const indicatorResult: SchemaObject = {
  type: 'object',
  required: ['status'],
  properties: { status: { type: 'string', enum: ['up', 'down'] } },
  additionalProperties: true,
};
const indicators = {
  type: 'object' as const,
  description: 'By indicator (`database`, `redis` or `store`, `queues`): `status` up or down, and its details',
  additionalProperties: indicatorResult,
};

export class ReadinessResource {
  @ApiProperty({ enum: ['ok'] })
  status: 'ok';

  @ApiPropertyOptional({ ...indicators, description: 'The indicators that are up' })
  info?: Record<string, unknown>;

  @ApiPropertyOptional({ ...indicators, description: 'The indicators that are down (none here)' })
  error?: Record<string, unknown>;

  @ApiProperty(indicators)
  details: Record<string, unknown>;
}

export class NotReadyResource {
  @ApiProperty({
    enum: ['error', 'shutting_down'],
    description: '`shutting_down` after SIGTERM (no indicators); `error` when an indicator is down or did not answer',
  })
  status: 'error' | 'shutting_down';

  @ApiPropertyOptional({ ...indicators, description: 'The indicators that are up' })
  info?: Record<string, unknown>;

  @ApiPropertyOptional({ ...indicators, description: 'The indicators that are down' })
  error?: Record<string, unknown>;

  @ApiPropertyOptional(indicators)
  details?: Record<string, unknown>;
}
