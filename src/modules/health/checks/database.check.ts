import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { HealthCheck } from '../domain/health-report';
import { withTimeout } from './with-timeout';

@Injectable()
export class DatabaseCheck implements HealthCheck {
  readonly name = 'Database';

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async run() {
    await withTimeout(this.dataSource.query('SELECT 1'), 3_000, 'database query');
    return { status: 'ok' as const, notificationMessage: '', shortSummary: 'Ok', meta: {} };
  }
}
