import { Injectable } from '@nestjs/common';
import { HealthCheck } from '../domain/health-report';
import { DatabaseProbeRepository } from '../persistence/database-probe.repository';
import { withTimeout } from './with-timeout';

@Injectable()
export class DatabaseCheck implements HealthCheck {
  readonly name = 'Database';

  constructor(private readonly database: DatabaseProbeRepository) {}

  async run() {
    await withTimeout(this.database.ping(), 3_000, 'database query');
    return { status: 'ok' as const, notificationMessage: '', shortSummary: 'Ok', meta: {} };
  }
}
